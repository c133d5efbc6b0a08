import type { OutboxEntry, OutboxStatus } from '../../shared/backend/store/port.js';
import type { CliContext } from '../context.js';
import { OperationError, UsageError } from '../errors.js';

const STATUSES: readonly OutboxStatus[] = ['pending', 'sent', 'failed'];
const when = (t: { seconds: number } | null) =>
  t ? new Date(t.seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') : '';

/** The outbox's e-mails, oldest first: those waiting, sent, or given up on after the last attempt. */
export async function listMail(ctx: CliContext, opts: { status?: string }): Promise<void> {
  if (opts.status && !STATUSES.includes(opts.status as OutboxStatus))
    throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  const entries = await (await ctx.store()).outbox.list(opts.status as OutboxStatus | undefined);
  await ctx.out.result(entries, async (list: OutboxEntry[]) =>
    list.length === 0
      ? ''
      : ctx.out.table(
          ['queued (UTC)', 'status', 'attempts', 'next try (UTC)', 'to', 'subject', 'last error'],
          list.map((e) => [
            when(e.createdAt),
            e.status,
            e.attempts,
            when(e.dueAt),
            e.mail.to.address,
            e.mail.subject,
            e.lastError ?? '',
          ]),
        ),
  );
  const failed = entries.filter((e) => e.status === 'failed').length;
  if (failed > 0)
    ctx.out.warn(
      failed === 1
        ? '1 e-mail was given up on after the last attempt and is kept in the outbox.'
        : `${failed} e-mails were given up on after the last attempt and are kept in the outbox.`,
    );
  else if (!ctx.out.json) ctx.out.info(`${entries.length} e-mail${entries.length === 1 ? '' : 's'}`);
}

/** Sends every e-mail due now (as the running shop does on its own); exit 1 when any could not be sent. */
export async function sendMail(ctx: CliContext): Promise<void> {
  const mail = await ctx.shopMail();
  const result = await mail.drain();
  await ctx.out.result(result, () => '');
  const line = `${result.sent} sent, ${result.retrying} to retry later, ${result.failed} given up on (e-mails ${mail.describe}).`;
  if (result.retrying + result.failed > 0) throw new OperationError(line);
  ctx.out.success(line);
}
