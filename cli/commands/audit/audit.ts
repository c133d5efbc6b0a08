import { auditQuerySchema, toAuditQuery } from '../../../shared/api/audit-query.js';
import { type AuditEntry, type AuditPage, auditFieldChanges } from '../../../shared/domain/audit.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';

interface AuditListOptions {
  entity?: string;
  id?: string;
  actor?: string;
  actorUid?: string;
  since?: string;
  before?: string;
  limit?: string;
}

/** The e-mail the entry was written under, and the person's uid beneath it when it was recorded. */
const who = (e: AuditEntry) => (e.actorUid === undefined ? e.actor : `${e.actor}\nuid ${e.actorUid}`);
const when = (e: AuditEntry) => new Date(e.at.seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
const clipped = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);
const changes = (e: AuditEntry) =>
  auditFieldChanges(e)
    .map((c) =>
      e.action === 'updated'
        ? `${c.field}: ${clipped(c.before)} → ${clipped(c.after)}`
        : `${c.field}: ${clipped(c.before || c.after)}`,
    )
    .join('\n');

/** The option as typed: actorUid is --actor-uid. */
const flag = (key: string) => (key ? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : '--option');

/** Who changed what, newest first, a page at a time (`--before` the cursor printed after a full page). */
export const listAudit = command({
  async run(ctx: CliContext, opts: AuditListOptions): Promise<AuditPage> {
    const parsed = auditQuerySchema.safeParse(
      Object.fromEntries(Object.entries(opts).filter(([key]) => key in auditQuerySchema.shape)),
    );
    if (!parsed.success)
      throw new UsageError(
        parsed.error.issues.map((i) => `${flag(i.path.join('.'))}: ${i.message}`).join('; '),
      );
    return (await ctx.store()).audit.list(toAuditQuery(parsed.data));
  },
  async print(out, page) {
    await out.result(page, async ({ entries }) =>
      entries.length === 0
        ? ''
        : out.table(
            ['at (UTC)', 'who', 'what', 'id', 'action', 'changes'],
            entries.map((e) => [when(e), who(e), e.entity, e.entityId, e.action, changes(e)]),
          ),
    );
    if (out.json) return;
    out.info(
      page.entries.length === 0
        ? 'No audit entries match.'
        : counted(page.entries.length, 'entry', 'entries'),
    );
    if (page.next) out.info(`Older entries: add --before ${page.next}`);
  },
});
