import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { freePort, portIsFree } from '../net.js';
import { hasAuthExport, recoverAuthExport } from './auth-export-folder.js';
import { watchAuthExport } from './auth-export-watcher.js';
import { CHANGED, emulatorPreloadArgs, PARENT_PIPE_FD } from './emulator-preload.js';

export interface AuthEmulatorOptions {
  projectId: string;
  /** Preferred port; another free one is used when it is taken. 0 picks any free port. */
  port?: number;
  /**
   * Folder holding the emulator's accounts between runs: imported at start, then written within
   * 2 seconds of every change (and at stop), so a crash loses at most the last 2 seconds.
   */
  dataDir?: string;
  /** Folder for the emulator's config, logs and temp files. */
  workDir: string;
  onLog?: (line: string) => void;
  /** Told when saving the accounts fails (with the reason) and when it works again; stderr by default. */
  onSaveProblem?: (line: string) => void;
}

export interface RunningAuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  /** The emulator hub's port. */
  hubPort: number;
  /** Writes the accounts to dataDir now if they changed since the last save; throws if that fails. */
  exportData(): Promise<void>;
  /** Saves the accounts a last time, then stops the emulator. */
  stop(): Promise<void>;
  /** Kills it at once, without saving: for a process that is itself being killed. */
  killNow(): void;
}

const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 120_000;
// The emulator listens before it has imported the saved accounts; this line comes after the import.
const READY_LINE = 'All emulators ready';

const firebaseTools = () =>
  createRequire(import.meta.url)('firebase-tools/package.json') as { version: string };

const firebaseToolsDir = () => dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json'));
const firebaseCli = () => join(firebaseToolsDir(), 'lib', 'bin', 'firebase.js');

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
  const args = [
    ...emulatorPreloadArgs(firebaseToolsDir()),
    firebaseCli(),
    'emulators:start',
    '--only',
    'auth',
  ];
  args.push('--project', options.projectId, '--config', configFile);
  if (options.dataDir) {
    recoverAuthExport(options.dataDir);
    if (hasAuthExport(options.dataDir)) args.push('--import', options.dataDir);
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
  // Its own process group, so a terminal's Ctrl-C reaches only us and the emulator still answers
  // while we save the accounts a last time. Whatever way we end, it sees the pipe close and exits;
  // meanwhile it tells us through that pipe when the accounts may have changed.
  const stdio: StdioOptions = ['ignore', 'pipe', 'pipe'];
  stdio[PARENT_PIPE_FD] = 'pipe';
  const child = spawn(process.execPath, args, { cwd: options.workDir, stdio, env, detached: true });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const output: string[] = [];
  let ready = false;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      if (line.includes(READY_LINE)) ready = true;
      output.push(line);
      if (output.length > 60) output.shift();
      options.onLog?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let onChanged = () => {};
  (child.stdio[PARENT_PIPE_FD] as Readable).on('data', (chunk: Buffer) => {
    if (chunk.includes(CHANGED)) onChanged();
  });

  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', killOnExit);
      resolve(code);
    }),
  );
  try {
    await waitUntilReady(
      exited,
      () => ready,
      () => output.join('\n'),
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  const host = `${HOST}:${port}`;
  const saver = options.dataDir
    ? watchAuthExport({
        host,
        projectId: options.projectId,
        folder: options.dataDir,
        cliVersion: firebaseTools().version,
        onChange: (listener) => {
          onChanged = listener;
        },
        report: options.onSaveProblem ?? ((line) => console.error(line)),
      })
    : null;
  return {
    host,
    hubPort,
    exportData: async () => {
      await saver?.flush();
    },
    stop: async () => {
      await saver?.stop();
      await saver?.flush().catch(() => {});
      await stopChild(child, exited);
    },
    killNow: () => {
      void saver?.stop();
      child.kill('SIGKILL');
    },
  };
}

async function waitUntilReady(
  exited: Promise<number | null>,
  isReady: () => boolean,
  log: () => string,
): Promise<void> {
  let failed: number | null | undefined;
  void exited.then((code) => {
    failed = code;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (failed !== undefined) throw new Error(`The Auth emulator exited (code ${failed}):\n${log()}`);
    if (isReady()) return;
    await new Promise((r) => setTimeout(r, 100));
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
