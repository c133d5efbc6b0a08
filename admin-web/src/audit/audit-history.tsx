import { Link } from 'react-router-dom';
import useSWR from 'swr';
import type { AuditEntity } from '../../../shared/domain/audit.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { cacheKeys } from '../cache-keys.js';
import { AuditActor } from './audit-actor.js';
import { AuditEntryChanges } from './audit-entry-changes.js';

const ACTIONS = { created: 'Created', updated: 'Changed', deleted: 'Deleted' } as const;

/**
 * A product's or order's change history from the audit log, newest first. `revision` (the record's
 * version or last update) is part of the key, so a change made on the page shows at once.
 */
export function AuditHistory({
  entity,
  entityId,
  revision,
}: {
  entity: AuditEntity;
  entityId: string;
  revision: string | number;
}) {
  const params = new URLSearchParams({ entity, id: entityId, limit: '20' });
  const { data, error } = useSWR(cacheKeys.audit(`${params}`, revision), async () =>
    adminApi.audit.list(Object.fromEntries(params)),
  );
  return (
    <section aria-labelledby={`history-${entityId}`} className="mt-8 border-t pt-4">
      <h3 id={`history-${entityId}`} className="font-medium">
        Change history
      </h3>
      {error && <p role="alert">Cannot load the history: {error.message}</p>}
      {data && data.entries.length === 0 && (
        <p className="text-sm text-slate-600">No changes by staff recorded yet.</p>
      )}
      <ol className="mt-2 flex flex-col gap-3">
        {data?.entries.map((entry) => (
          <li key={entry.id} className="text-sm">
            <p>
              <span className="font-medium">{ACTIONS[entry.action]}</span> by <AuditActor entry={entry} />,{' '}
              {formatDateTime(entry.at)}
            </p>
            <AuditEntryChanges entry={entry} />
          </li>
        ))}
      </ol>
      {data?.next && (
        <Link className="text-sm underline" to={`/audit?${params}`}>
          Older changes in the audit log
        </Link>
      )}
    </section>
  );
}
