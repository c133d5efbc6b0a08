import type { ComplianceRecord } from './compliance.js';

/** What staff read about an order's attestations: what was confirmed, under which terms, when (UTC); or that none was kept. */
export function complianceSummary(record: ComplianceRecord | null): string {
  if (!record) return 'not recorded (placed before attestations were kept)';
  const confirmed = [
    record.adult ? `${record.minimumAge} or older` : `not ${record.minimumAge} or older`,
    record.researchUse ? 'research use only' : 'research use not confirmed',
  ];
  const at = new Date(record.at.seconds * 1000).toISOString().replace('.000Z', 'Z');
  return `confirmed ${confirmed.join(', ')}; terms version ${record.termsVersion}; at ${at}`;
}
