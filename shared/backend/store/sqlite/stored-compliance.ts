import type { Attested, ComplianceRecord } from '../../../domain/compliance.js';
import { timestampFromMillis } from '../../../domain/timestamp.js';

/** The `compliance` column: what was attested, and when in epoch milliseconds. */
interface StoredCompliance extends Attested {
  atMs: number;
}

export function complianceToJson(attested: Attested | undefined, atMs: number): string | null {
  if (!attested) return null;
  const { adult, researchUse, minimumAge, termsVersion } = attested;
  const stored: StoredCompliance = { adult, researchUse, minimumAge, termsVersion, atMs };
  return JSON.stringify(stored);
}

export function complianceFromJson(json: string | null): ComplianceRecord | null {
  if (!json) return null;
  const { atMs, ...attested } = JSON.parse(json) as StoredCompliance;
  return { ...attested, at: timestampFromMillis(atMs) };
}
