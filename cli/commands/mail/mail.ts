import type { OutboxEntry, OutboxStatus } from '../../../shared/backend/store/port.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';

const STATUSES: readonly OutboxStatus[] = ['pending', 'sent', 'failed'];
const when = (t: { seconds: number } | null) =>
  t ? new Date(t.seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') : '';

/** The outbox's e-mails, oldest first: those waiting, sent, or given up on after the last attempt. */
export const listMail = command({
  async run(ctx: CliContext, opts: { status?: string }): Promise<OutboxEntry[]> {
    if (opts.status && !STATUSES.includes(opts.status as OutboxStatus))
      throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
    return (await ctx.store()).outbox.list(opts.status as OutboxStatus | undefined);
  },
  async print(out, entries) {
    await out.result(entries, async (list) =>
      list.length === 0
        ? ''
        : out.table(
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
      out.warn(
        failed === 1
          ? '1 e-mail was given up on after the last attempt and is kept in the outbox.'
          : `${failed} e-mails were given up on after the last attempt and are kept in the outbox.`,
      );
    else if (!out.json) out.info(counted(entries.length, 'e-mail'));
  },
});

/** Sends every e-mail due now (as the running shop does on its own); exit 1 when any could not be sent. */
interface SendResult {
  sent: number;
  retrying: number;
  failed: number;
  /** Where the e-mails went, for the summary line. */
  describe: string;
}

export const sendMail = command({
  async run(ctx: CliContext): Promise<SendResult> {
    const mail = await ctx.shopMail();
    return { ...(await mail.drain()), describe: mail.describe };
  },
  async print(out, result) {
    const { describe, ...counts } = result;
    await out.result(counts, () => '');
    const line = `${result.sent} sent, ${result.retrying} to retry later, ${result.failed} given up on (e-mails ${describe}).`;
    if (result.retrying + result.failed > 0) throw new OperationError(line);
    out.success(line);
  },
});
