import { type AuditEntry, auditFieldChanges } from '../../../shared/domain/audit.js';

const clipped = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** An entry's changed fields: "field: before → after" for an edit, the values alone for a creation or deletion. */
export function AuditEntryChanges({ entry }: { entry: AuditEntry }) {
  return (
    <ul className="text-sm">
      {auditFieldChanges(entry).map((change) => (
        <li key={change.field}>
          <span className="font-mono text-slate-600">{change.field}</span>:{' '}
          {entry.action === 'updated' ? (
            <>
              <del className="text-slate-500">{clipped(change.before) || '—'}</del> →{' '}
              <ins className="no-underline">{clipped(change.after) || '—'}</ins>
            </>
          ) : (
            clipped(change.before || change.after)
          )}
        </li>
      ))}
    </ul>
  );
}
