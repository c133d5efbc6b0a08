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

export interface StartScript {
  child: ChildProcess;
  /** stdout and stderr so far, interleaved. */
  output(): string;
  /** The shop's URL once the banner is printed; rejects if the process ends first. */
  ready: Promise<string>;
  /** The exit code (null when killed by a signal), once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Spawns bin/start.js, what `npm start` runs after its build, with exactly this environment;
 * `ownGroup` makes it lead a process group of its own, so a test can kill the whole group.
 */
export function spawnStartScript(env: NodeJS.ProcessEnv, { ownGroup = false } = {}): StartScript {
  const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'start.js')], {
    cwd: packageRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start:\n${output}`)), 120_000);
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
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with code ${code}:\n${output}`));
    });
  });
  // Callers waiting only for the exit need not handle this.
  ready.catch(() => {});
  return { child, output: () => output, ready, exited };
}

/** Ends the start script as Ctrl-C would and resolves with its exit code. */
export async function interrupt(script: StartScript): Promise<number | null> {
  if (script.child.exitCode === null && script.child.signalCode === null) script.child.kill('SIGINT');
  return script.exited;
}

/**
 * Starts the built shop exactly as `npm start` does (bin/start.js), on a free port with its own data
 * folder, using the test run's Auth emulator.
 */
export async function startShop(env: Record<string, string> = {}): Promise<ShopProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const admin = { email: uniqueEmail('shopadmin'), password: 'admin-pass-1234' };
  const script = spawnStartScript({
    ...process.env,
    PORT: '0',
    SHOP_DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    SHOP_ADMIN_EMAIL: admin.email,
    SHOP_ADMIN_PASSWORD: admin.password,
    ...env,
  });
  const url = await script.ready;
  return {
    url,
    dataDir,
    admin,
    output: script.output,
    stop: async () => {
      if (script.child.exitCode === null) {
        script.child.kill('SIGTERM');
        await script.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
