import { z } from 'zod';
import { AUDIT_ENTITIES, AUDIT_MAX_PAGE_SIZE, AUDIT_PAGE_SIZE, type AuditQuery } from '../domain/audit.js';

const SINCE_MESSAGE = 'since must be a day (YYYY-MM-DD, UTC) or a time (ISO 8601 with its offset)';

/**
 * `GET /api/admin/audit?entity=&id=&actor=&actorUid=&since=&before=&limit=`: the audit log's filters, as
 * the admin app keeps them in its URL and `shop audit list` takes them. `actor` is the e-mail an entry
 * was written under; `actorUid` the person, whichever e-mail they had.
 */
export const auditQuerySchema = z.strictObject({
  entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  id: z.string().trim().min(1, 'id must not be blank').max(200).optional(),
  actor: z.string().trim().min(1, 'actor must not be blank').max(254).optional(),
  actorUid: z
    .string()
    .trim()
    .min(1, 'actorUid must not be blank')
    .max(128, 'actorUid is at most 128 characters')
    .optional(),
  since: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: SINCE_MESSAGE })
    .transform((s) => Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s))
    .optional(),
  /** The `next` of the page before. */
  before: z
    .string()
    .regex(/^[0-9TZ]{1,24}-\d{2}-[A-Za-z0-9]{8}$/, 'before must be the next cursor of a previous page')
    .optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}`)
    .max(AUDIT_MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}`)
    .default(AUDIT_PAGE_SIZE),
});

export type AuditQueryParams = z.input<typeof auditQuerySchema>;

/** The store's query for what the schema parsed. */
export function toAuditQuery({ id, since, ...rest }: z.output<typeof auditQuerySchema>): AuditQuery {
  return {
    ...rest,
    ...(id === undefined ? {} : { entityId: id }),
    ...(since === undefined ? {} : { sinceMs: since }),
  };
}
