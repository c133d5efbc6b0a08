import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { startAuthEmulator } from './auth-emulator.js';

/** The Auth emulator a process may use for a data folder, started by it or borrowed from another. */
export interface AuthEmulatorLease {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  /** True when this process started the emulator, saves its accounts and stops it on release. */
  owner: boolean;
  /**
   * Makes sure the accounts are on disk: the owner writes them now if they changed; a borrower
   * relies on the owner, which saves every change within about a second.
   */
  exportData(): Promise<void>;
  release(): Promise<void>;
}

export interface AcquireOptions {
  dataDir: string;
  projectId: string;
  /** Preferred port when this process has to start the emulator. */
  port?: number;
  /**
   * Whether other processes may borrow the emulator this one starts. A long-running owner (`npm
   * start`) shares; a short-lived one (a CLI command) does not, since it stops the emulator when it
   * ends, so others wait for it and then start their own.
   */
  shared: boolean;
  onLog?: (line: string) => void;
  /** Told when saving the accounts fails (with the reason) and when it works again; stderr by default. */
  onSaveProblem?: (line: string) => void;
  /** Called when this process starts the emulator itself (it takes several seconds). */
  onStart?: () => void;
  /** Called once when another process holds the lease and this one waits for it. */
  onWait?: (holder: LeaseRecord) => void;
  timeoutMs?: number;
}

/** @internal */
export interface LeaseRecord {
  pid: number;
  /** null while the owner is still starting the emulator. */
  host: string | null;
  hubPort: number | null;
  shared: boolean;
  startedAt: string;
}

/** @internal */
export const leaseFile = (dataDir: string) => join(dataDir, 'run', 'auth-emulator.lease.json');

const POLL_MS = 200;
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * One Auth emulator per data folder: the lease file (created exclusively, removed by its owner
 * after the emulator has stopped and exported its accounts) makes sure two processes never run
 * two emulators over the same accounts folder, which would lose one side's changes.
 */
export async function acquireAuthEmulator(options: AcquireOptions): Promise<AuthEmulatorLease> {
  const file = leaseFile(options.dataDir);
  mkdirSync(join(options.dataDir, 'run'), { recursive: true });
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  let told = false;
  for (;;) {
    if (tryCreate(file, options.shared)) return await startOwned(file, options);
    const holder = readLease(file);
    if (holder && !isAlive(holder.pid)) {
      removeStale(file, holder.pid);
      continue;
    }
    if (holder?.host && holder.shared && (await answers(holder.host))) return borrowed(holder);
    if (Date.now() > deadline) {
      throw new Error(
        `Another process (pid ${holder?.pid ?? '?'}) holds the Auth emulator for ${options.dataDir}; ` +
          `wait for it to finish, or delete ${file} if that process is gone`,
      );
    }
    if (holder && !told) {
      told = true;
      options.onWait?.(holder);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function tryCreate(file: string, shared: boolean): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const record: LeaseRecord = {
    pid: process.pid,
    host: null,
    hubPort: null,
    shared,
    startedAt: new Date().toISOString(),
  };
  writeFileSync(fd, JSON.stringify(record));
  closeSync(fd);
  return true;
}

async function startOwned(file: string, options: AcquireOptions): Promise<AuthEmulatorLease> {
  let emulator: Awaited<ReturnType<typeof startAuthEmulator>>;
  options.onStart?.();
  try {
    emulator = await startAuthEmulator({
      projectId: options.projectId,
      port: options.port ?? 0,
      dataDir: join(options.dataDir, 'auth-export'),
      workDir: join(options.dataDir, 'run', 'auth-emulator'),
      ...(options.onLog ? { onLog: options.onLog } : {}),
      ...(options.onSaveProblem ? { onSaveProblem: options.onSaveProblem } : {}),
    });
  } catch (error) {
    dropOwnLease(file);
    throw error;
  }
  const record = { ...readLease(file)!, host: emulator.host, hubPort: emulator.hubPort };
  // Written beside and renamed over, so readers never see half a file.
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(record));
  renameSync(`${file}.${process.pid}`, file);
  // A short-lived owner killed by Ctrl-C would otherwise leave its emulator running (it is in its
  // own process group) and the lease behind: kill it, drop the lease, then die of the signal as usual.
  const onSignal = (signal: NodeJS.Signals) => {
    emulator.killNow();
    dropOwnLease(file);
    process.kill(process.pid, signal);
  };
  if (!options.shared) for (const signal of SIGNALS) process.once(signal, onSignal);
  let released = false;
  return {
    host: emulator.host,
    owner: true,
    exportData: () => emulator.exportData(),
    release: async () => {
      if (released) return;
      released = true;
      for (const signal of SIGNALS) process.off(signal, onSignal);
      await emulator.stop();
      dropOwnLease(file);
    },
  };
}

function borrowed(holder: LeaseRecord): AuthEmulatorLease {
  return {
    host: holder.host!,
    owner: false,
    // A second writer of the folder would race the owner's saves.
    exportData: async () => {},
    release: async () => {},
  };
}

function readLease(file: string): LeaseRecord | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LeaseRecord;
  } catch {
    // gone, or its owner has only just created it
    return null;
  }
}

function dropOwnLease(file: string): void {
  if (readLease(file)?.pid === process.pid) unlinkSync(file);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Moves a dead owner's lease aside; if another process replaced it meanwhile, puts that one back. */
function removeStale(file: string, stalePid: number): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  if (readLease(aside)?.pid !== stalePid) {
    try {
      linkSync(aside, file);
    } catch {
      // a third process created a fresh lease; the one moved aside is lost to it, and its owner
      // notices when it re-reads (dropOwnLease) — rare enough to accept
    }
  }
  unlinkSync(aside);
}

async function answers(host: string): Promise<boolean> {
  try {
    return (await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}
