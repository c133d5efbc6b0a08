import type { ClaimedMail, OutboxRepository } from '../store/port.js';
import type { Mailer } from './mailer.js';

/**
 * Sends tried before an e-mail is given up on (kept in the outbox as failed, and logged).
 * @internal
 */
export const MAX_MAIL_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;
/** E-mails claimed, and sent side by side, at a time. */
const CLAIM_BATCH = 8;

/**
 * Exponential backoff: 30 s after the first failed send, doubling, at most 6 hours.
 * @internal
 */
export function retryDelayMs(attempts: number, firstRetryMs = FIRST_RETRY_MS): number {
  return Math.min(firstRetryMs * 2 ** (attempts - 1), LONGEST_RETRY_MS);
}

interface DrainResult {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time: kept in the outbox as failed. */
  failed: number;
}

export interface OutboxSenderOptions {
  now?: () => number;
  log?: (line: string) => void;
  maxAttempts?: number;
  firstRetryMs?: number;
}

export type DrainOutbox = (limit?: number) => Promise<DrainResult>;

/**
 * Sends what is due in the outbox, up to `limit` e-mails: each is claimed (leased, so another sender
 * never sends it meanwhile), sent, then marked sent; a failure is retried later with exponential
 * backoff, up to MAX_MAIL_ATTEMPTS, then kept as failed. A crash between sending and marking sends
 * the e-mail again once its lease runs out, with the same Message-ID.
 */
export function outboxSender(
  outbox: OutboxRepository,
  mailer: Mailer,
  options: OutboxSenderOptions = {},
): DrainOutbox {
  const {
    now = Date.now,
    log = console.error,
    maxAttempts = MAX_MAIL_ATTEMPTS,
    firstRetryMs = FIRST_RETRY_MS,
  } = options;
  return async (limit = Number.POSITIVE_INFINITY) => {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    const sendOne = async ({ id, mail, attempts, lease }: ClaimedMail): Promise<void> => {
      try {
        await mailer.send(mail, id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const giveUp = attempts >= maxAttempts;
        const retryAt = giveUp ? null : now() + retryDelayMs(attempts, firstRetryMs);
        await outbox.markFailed(id, lease, { retryAt, error: reason });
        log(
          `[mail] could not send "${mail.subject}" to ${mail.to.address} (attempt ${attempts} of ${maxAttempts}): ${reason}; ${
            retryAt === null
              ? `given up, kept in the outbox as failed (${id})`
              : `trying again at ${new Date(retryAt).toISOString()}`
          }`,
        );
        result[giveUp ? 'failed' : 'retrying']++;
        return;
      }
      result.sent++;
      await outbox.markSent(id);
    };
    for (let done = 0; done < limit; ) {
      const claimed = await outbox.claimDue(now(), Math.min(CLAIM_BATCH, limit - done));
      if (claimed.length === 0) break;
      done += claimed.length;
      // The batch is sent at once, so every send starts well within the lease (LONGEST_SEND_MS).
      await Promise.all(claimed.map(sendOne));
    }
    return result;
  };
}

export interface OutboxLoop {
  /** Drains now (after the drain under way, if any): new e-mails were queued. */
  wake(): void;
  /** Stops the timer and resolves once the drain under way has finished. */
  stop(): Promise<void>;
}

/**
 * For the long-running embedded shop: drains at once, whenever woken, and every `intervalMs` (which
 * is when retries fall due). A drain that throws (the store busy) is logged and tried again.
 */
export function startOutboxLoop(
  drain: DrainOutbox,
  { intervalMs = 5_000, log = console.error }: { intervalMs?: number; log?: (line: string) => void } = {},
): OutboxLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = drain()
      .then(
        () => undefined,
        (error: unknown) =>
          log(`[mail] could not drain the outbox: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => {
        running = null;
        if (again) run();
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
