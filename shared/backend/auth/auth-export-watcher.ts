import { createHash } from 'node:crypto';
import { type AuthExport, writeAuthExport } from './auth-export-folder.js';
import { READ_ONLY_HEADER } from './emulator-preload.js';

export interface AuthExportWatcherOptions {
  /** The emulator's host:port. */
  host: string;
  projectId: string;
  folder: string;
  cliVersion: string;
  intervalMs?: number;
  /**
   * Subscribes to the emulator's "may have changed" signal; without it the accounts are read every
   * interval, with it only after a signal, and every {@link SAFETY_READ_MS} in case one was missed.
   */
  onChange?: (listener: () => void) => void;
  /** Told when saving fails (with the reason) and when it works again. */
  report: (line: string) => void;
}

export interface AuthExportWatcher {
  /** Saves the accounts now if they changed since the last save; throws if that fails. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const INTERVAL_MS = 1000;
const SAFETY_READ_MS = 30_000;
// While saving keeps failing for the same reason, say so again this often rather than every second.
const REPEAT_REPORT_MS = 60_000;

/**
 * Keeps the emulator's accounts on disk: at most once a second, after the emulator signalled a
 * request that may have changed them, it reads every account (one `batchGet`, which covers claims,
 * password changes and deletions alike) and writes an export when they differ from the last one
 * saved. Idle, it costs nothing but a read every 30 s; a failed save is retried every second.
 */
export function watchAuthExport(options: AuthExportWatcherOptions): AuthExportWatcher {
  const base = `http://${options.host}`;
  const headers = { authorization: 'Bearer owner', [READ_ONLY_HEADER]: '1' };
  let saved = '';
  let failure: { reason: string; reportedAt: number } | null = null;
  // One save at a time: a flush and a tick must not write the folder together.
  let queue: Promise<void> = Promise.resolve();
  const serially = (task: () => Promise<void>) => {
    const done = queue.then(task);
    queue = done.catch(() => {});
    return done;
  };
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let dirty = true;
  let lastRead = 0;
  options.onChange?.(() => {
    dirty = true;
  });

  const read = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (!response.ok) throw new Error(`the Auth emulator answered ${response.status} to ${path}: ${text}`);
    return text;
  };

  const saveIfChanged = async () => {
    const data: AuthExport = {
      accounts: await read(
        `/identitytoolkit.googleapis.com/v1/projects/${options.projectId}/accounts:batchGet?maxResults=-1`,
      ),
      config: await read(`/emulator/v1/projects/${options.projectId}/config`),
      cliVersion: options.cliVersion,
    };
    const digest = createHash('sha256').update(data.accounts).update('\0').update(data.config).digest('hex');
    if (digest === saved) return;
    await writeAuthExport(options.folder, data);
    saved = digest;
  };

  const attempt = async () => {
    dirty = false;
    lastRead = Date.now();
    try {
      await saveIfChanged();
      if (failure) options.report(`Auth accounts saved to ${options.folder} again.`);
      failure = null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const now = Date.now();
      if (!failure || failure.reason !== reason || now - failure.reportedAt >= REPEAT_REPORT_MS) {
        options.report(
          `Could not save the Auth accounts to ${options.folder} (${reason}); retrying every second. ` +
            'Accounts changed since the last save are lost if the shop stops now.',
        );
        failure = { reason, reportedAt: now };
      }
      dirty = true;
      throw error;
    }
  };

  const due = () => !options.onChange || dirty || Date.now() - lastRead >= SAFETY_READ_MS;
  const tick = () => {
    void serially(async () => {
      if (due()) await attempt();
    })
      .catch(() => {})
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? INTERVAL_MS).unref();
      });
  };
  tick();

  return {
    flush: () => serially(attempt),
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await queue;
    },
  };
}
