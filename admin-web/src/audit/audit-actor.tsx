import { Link } from 'react-router-dom';
import type { AuditEntry } from '../../../shared/domain/audit.js';

/** The path of the audit log filtered to one person, whichever e-mail they used. */
const personAuditPath = (uid: string) => `/audit?${new URLSearchParams({ actorUid: uid })}`;

/**
 * Who made a change: the e-mail they had then (or `cli:<user>`), and, when the entry names the
 * person, a link to everything that person did, since an e-mail can be changed and later reused.
 */
export function AuditActor({ entry }: { entry: Pick<AuditEntry, 'actor' | 'actorUid'> }) {
  if (entry.actorUid === undefined) return <>{entry.actor}</>;
  return (
    <>
      {entry.actor}{' '}
      <Link
        className="text-xs text-slate-600 underline break-all"
        to={personAuditPath(entry.actorUid)}
        title="Every change by this person"
      >
        (uid {entry.actorUid})
      </Link>
    </>
  );
}
