import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../shared/backend/paths.js';
import { emulatorHost, uniqueEmail } from './auth-users.js';

export interface ShopProcess {
  url: string;
  dataDir: string;
  admin: { email: string; password: string };
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built shop exactly as `npm start` does (bin/start.js), on a free port with its own data
 * folder, using the test run's Auth emulator.
 */
export async function startShop(env: Record<string, string> = {}): Promise<ShopProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const admin = { email: uniqueEmail('shopadmin'), password: 'admin-pass-1234' };
  const child: ChildProcess = spawn(process.execPath, [join(packageRoot(), 'bin', 'start.js')], {
    cwd: packageRoot(),
    env: {
      ...process.env,
      PORT: '0',
      SHOP_DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      SHOP_ADMIN_EMAIL: admin.email,
      SHOP_ADMIN_PASSWORD: admin.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(output);
      if (match && output.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with code ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    admin,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
