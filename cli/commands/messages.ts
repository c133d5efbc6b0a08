import type { StoredMessage } from '../../shared/backend/store/port.js';
import type { CliContext } from '../context.js';

const when = (m: StoredMessage) =>
  new Date(m.createdAt.seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** What shoppers sent through the contact form, newest first (each was also forwarded to the staff inbox). */
export async function listMessages(ctx: CliContext, opts: { full?: boolean }): Promise<void> {
  const messages = await (await ctx.store()).messages.list();
  await ctx.out.result(messages, async (list) => {
    if (list.length === 0) return '';
    if (opts.full)
      return list
        .map(
          (m) =>
            `${when(m)} UTC  ${m.name} <${m.email}>${m.uid ? ` (account ${m.uid})` : ''}\n${m.message}\n`,
        )
        .join('\n');
    return ctx.out.table(
      ['received (UTC)', 'name', 'email', 'message'],
      list.map((m) => [when(m), m.name, m.email, excerpt(m.message)]),
    );
  });
  if (!ctx.out.json)
    ctx.out.info(
      messages.length === 0
        ? 'No messages yet.'
        : `${messages.length} message${messages.length === 1 ? '' : 's'}`,
    );
}
