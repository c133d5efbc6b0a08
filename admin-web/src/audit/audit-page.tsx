import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { AUDIT_ENTITIES, type AuditEntry } from '../../../shared/domain/audit.js';
import { STAFF_ROLE_LABELS } from '../../../shared/domain/staff-role.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { formatDateTime } from '../../../shared/web/dates.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { cacheKeys } from '../cache-keys.js';
import { Field, inputClass } from '../ui/field.js';
import { TableHead } from '../ui/table-head.js';
import { AuditActor } from './audit-actor.js';
import { AuditEntryChanges } from './audit-entry-changes.js';

const FILTERS = ['entity', 'id', 'actorUid', 'actor', 'since'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Where an entry's record is edited in the admin area, when it has a page. */
function recordLink(entry: AuditEntry) {
  if (entry.entity === 'product' && entry.action !== 'deleted')
    return <Link to={`/manage-products/${entry.entityId}`}>{entry.entityId}</Link>;
  if (entry.entity === 'order') return <Link to={`/orders/${entry.entityId}`}>{entry.entityId}</Link>;
  return entry.entityId;
}

/** The staff to filter by, by their e-mail now; a person no longer staff (from an entry's link) by uid. */
function PersonOptions({ selected }: { selected: string }) {
  const { data: staff } = useSWR(cacheKeys.admins, async () => (await adminApi.admins.list()).admins);
  const known = staff?.some((s) => s.uid === selected) ?? false;
  return (
    <>
      <option value="">Anyone</option>
      {staff?.map((s) => (
        <option key={s.uid} value={s.uid}>
          {s.email ?? s.uid} ({s.role ? STAFF_ROLE_LABELS[s.role] : 'not staff'})
        </option>
      ))}
      {selected !== '' && !known && <option value={selected}>uid {selected}</option>}
    </>
  );
}

/**
 * /admin/audit: who changed what, newest first, filtered by entity, id, person (uid), the e-mail an
 * entry was written under, and day; all in the URL.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const current = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Filters;
  const [draft, setDraft] = useState<Filters>(current);
  // A person's link in the table changes the URL: the form follows it.
  const [shown, setShown] = useState(params.toString());
  if (shown !== params.toString()) {
    setShown(params.toString());
    setDraft(current);
  }
  const query = Object.fromEntries([...params].filter(([, value]) => value !== ''));
  const { data, error, isLoading } = useSWR(cacheKeys.audit(new URLSearchParams(query).toString()), () =>
    adminApi.audit.list(query),
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== '')));
  };
  const set = (field: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Audit log</h2>
      <form onSubmit={apply} className="mb-6 flex flex-wrap items-end gap-3" aria-label="Audit filters">
        <Field id="audit-entity" label="What">
          <select id="audit-entity" className={inputClass} value={draft.entity} onChange={set('entity')}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-id" label="Id (product, order, lot number or e-mail)">
          <input id="audit-id" className={inputClass} value={draft.id} onChange={set('id')} />
        </Field>
        <Field id="audit-person" label="Person">
          <select id="audit-person" className={inputClass} value={draft.actorUid} onChange={set('actorUid')}>
            <PersonOptions selected={draft.actorUid} />
          </select>
        </Field>
        <Field id="audit-actor" label="E-mail used (or cli:user)">
          <input id="audit-actor" className={inputClass} value={draft.actor} onChange={set('actor')} />
        </Field>
        <Field id="audit-since" label="Since (UTC day)">
          <input
            id="audit-since"
            type="date"
            className={inputClass}
            value={draft.since}
            onChange={set('since')}
          />
        </Field>
        <button type="submit" className="rounded bg-slate-900 px-3 py-2 text-white">
          Filter
        </button>
      </form>
      {error && <p role="alert">Cannot load the audit log: {error.message}</p>}
      {isLoading && <Spinner label="Loading the audit log..." />}
      {data && data.entries.length === 0 && <p>No changes match.</p>}
      {data && data.entries.length > 0 && (
        <table className="w-full border-collapse text-left text-sm">
          <TableHead columns={['When', 'Who', 'What', 'Id', 'Action', 'Changes']} />
          <tbody>
            {data.entries.map((entry) => (
              <tr key={entry.id} className="border-t align-top">
                <td className="p-2 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                <td className="p-2">
                  <AuditActor entry={entry} />
                </td>
                <td className="p-2">{entry.entity}</td>
                <td className="p-2 break-all">{recordLink(entry)}</td>
                <td className="p-2">{entry.action}</td>
                <td className="p-2">
                  <AuditEntryChanges entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="mt-4 flex gap-3">
        {params.has('before') && (
          <button
            type="button"
            className="rounded border px-3 py-2"
            onClick={() => {
              const { before: _newer, ...rest } = query;
              setParams(rest);
            }}
          >
            Newest
          </button>
        )}
        {data?.next && (
          <button
            type="button"
            className="rounded border px-3 py-2"
            onClick={() => setParams({ ...query, before: data.next! })}
          >
            Older
          </button>
        )}
      </div>
    </>
  );
}
