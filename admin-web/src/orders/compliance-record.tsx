import type { ComplianceRecord } from '../../../shared/domain/compliance.js';
import { formatDateTime } from '../../../shared/web/dates.js';

/** What the shopper attested at checkout, under which terms and when; or that the order predates the record. */
export function ComplianceRecordView({ record }: { record: ComplianceRecord | null }) {
  return (
    <section aria-label="Compliance" className="mt-3">
      <h3 className="font-medium">Compliance</h3>
      {record ? (
        <ul>
          <li>Age: {record.adult ? `confirmed ${record.minimumAge} or older` : 'not confirmed'}</li>
          <li>Research use only: {record.researchUse ? 'confirmed' : 'not confirmed'}</li>
          <li>Terms version: {record.termsVersion}</li>
          <li>Attested: {formatDateTime(record.at)}</li>
        </ul>
      ) : (
        <p>Attestations not recorded (order placed before they were kept)</p>
      )}
    </section>
  );
}
