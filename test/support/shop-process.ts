import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
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
  /** stderr alone so far. */
  errors(): string;
  /** The shop's URL once the banner is printed; rejects if the process ends first. */
  ready: Promise<string>;
  /** The exit code (null when killed by a signal), once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * Spawns bin/start.js, what `npm start` runs after its build, with exactly this environment;
 * `ownGroup` puts it in a process group of its own, as a terminal does, so the group can be killed.
 */
export function spawnStartScript(env: NodeJS.ProcessEnv, { ownGroup = false } = {}): StartScript {
  const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'start.js')], {
    cwd: packageRoot(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
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
  return { child, output: () => output, errors: () => errors, ready, exited };
}

/** `npm start`'s environment on a machine with nothing configured: it starts its own Auth emulator. */
export function npmStartEnv(dataDir: string, emulatorPort: number, extra: Record<string, string> = {}) {
  const {
    FIREBASE_AUTH_EMULATOR_HOST: _host,
    SHOP_FIREBASE_API_KEY: _key,
    SHOP_PROJECT_ID: _project,
    GCLOUD_PROJECT: _gcloud,
    SHOP_ADMIN_EMAIL: _email,
    SHOP_ADMIN_PASSWORD: _password,
    SHOP_BACKEND: _backend,
    HOST: _listen,
    ...rest
  } = process.env;
  return {
    ...rest,
    SHOP_DATA_DIR: dataDir,
    PORT: '0',
    SHOP_AUTH_EMULATOR_PORT: String(emulatorPort),
    ...extra,
  };
}

/** Whether something accepts TCP connections on this loopback port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Spawns bin/start.js on this data folder with the test run's Auth emulator, on a free port. */
export function spawnShopOn(dataDir: string, env: Record<string, string> = {}): StartScript {
  return spawnStartScript({
    ...process.env,
    PORT: '0',
    SHOP_DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    ...env,
  });
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
  const script = spawnShopOn(dataDir, {
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
