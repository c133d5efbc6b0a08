import type { StoredMessage } from '../../../shared/backend/store/port.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';

const when = (m: StoredMessage) =>
  new Date(m.createdAt.seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** What shoppers sent through the contact form, newest first (each was also forwarded to the staff inbox). */
export const listMessages = command({
  run: async (ctx: CliContext, _opts: { full?: boolean }): Promise<StoredMessage[]> =>
    (await ctx.store()).messages.list(),
  async print(out, messages, opts) {
    await out.result(messages, async (list) => {
      if (list.length === 0) return '';
      if (opts.full)
        return list
          .map(
            (m) =>
              `${when(m)} UTC  ${m.name} <${m.email}>${m.uid ? ` (account ${m.uid})` : ''}\n${m.message}\n`,
          )
          .join('\n');
      return out.table(
        ['received (UTC)', 'name', 'email', 'message'],
        list.map((m) => [when(m), m.name, m.email, excerpt(m.message)]),
      );
    });
    if (!out.json) out.info(messages.length === 0 ? 'No messages yet.' : counted(messages.length, 'message'));
  },
});
