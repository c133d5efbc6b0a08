import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, portIsFree } from '../net.js';

export interface AuthEmulatorOptions {
  projectId: string;
  /** Preferred port; another free one is used when it is taken. 0 picks any free port. */
  port?: number;
  /** Folder holding the emulator's accounts between runs; imported at start, exported on stop. */
  dataDir?: string;
  /**
   * Also export the accounts when stopped (default true). Owners that export after each change
   * turn it off: stopping is then quick, and a stop cut short cannot leave a half-written export.
   */
  exportOnExit?: boolean;
  /** Folder for the emulator's config, logs and temp files. */
  workDir: string;
  onLog?: (line: string) => void;
}

export interface RunningAuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  /** The emulator hub's port, where another process can ask for an export. */
  hubPort: number;
  /** Writes the accounts to dataDir now, so a crash later loses nothing. */
  exportData(): Promise<void>;
  stop(): Promise<void>;
  /** Kills it at once, without an export: for a process that is itself being killed. */
  killNow(): void;
}

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 120_000;

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js');
}

/**
 * Starts the Firebase Auth emulator (from firebase-tools, pure Node, offline) as a child process
 * on loopback and waits until it answers.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const wanted = options.port ?? 0;
  const port = wanted && (await portIsFree(wanted)) ? wanted : await freePort();
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const tmpDir = join(options.workDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const configFile = join(options.workDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port },
        hub: { host: HOST, port: hubPort },
        logging: { host: HOST, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [firebaseCli(), 'emulators:start', '--only', 'auth', '--project', options.projectId];
  args.push('--config', configFile);
  if (options.dataDir) {
    if (existsSync(join(options.dataDir, 'firebase-export-metadata.json')))
      args.push('--import', options.dataDir);
    if (options.exportOnExit !== false) args.push('--export-on-exit', options.dataDir);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // CI=1 skips the CLI's message-of-the-day fetch, which would time out offline.
    CI: '1',
    NO_UPDATE_NOTIFIER: '1',
    FORCE_COLOR: '0',
    // The hub writes a locator file named after the project into the temp folder; a private one
    // lets several shops (or test runs) use the same demo project side by side.
    TMPDIR: tmpDir,
  };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  // Its own process group: a terminal's Ctrl-C reaches only us, and we stop it exactly once, since
  // firebase-tools treats a second signal as "exit now" and would skip exporting the accounts.
  const child = spawn(process.execPath, args, {
    cwd: options.workDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
    detached: true,
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      if (output.length > 60) output.shift();
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      resolve(code);
    }),
  );
  try {
    await waitUntilReady(`http://${HOST}:${port}/`, exited, () => output.join('\n'));
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  return {
    host: `${HOST}:${port}`,
    hubPort,
    exportData: async () => {
      if (!options.dataDir) return;
      const response = await fetch(`http://${HOST}:${hubPort}/_admin/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: options.dataDir, initiatedBy: 'peptide-shop' }),
      });
      if (!response.ok) throw new Error(`Auth emulator export failed: ${await response.text()}`);
    },
    stop: () => stopChild(child, exited),
    killNow: () => {
      child.kill('SIGKILL');
    },
  };
}

async function waitUntilReady(url: string, exited: Promise<number | null>, log: () => string): Promise<void> {
  let failed: number | null | undefined;
  void exited.then((code) => {
    failed = code;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (failed !== undefined) throw new Error(`The Auth emulator exited (code ${failed}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The Auth emulator did not start within ${READY_TIMEOUT_MS / 1000}s:\n${log()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
