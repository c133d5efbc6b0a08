import type { ComplianceConfig } from '../../shared/backend/compliance-config.js';
import { noShipIssue } from '../../shared/domain/compliance.js';
import { ValidationError } from '../../shared/domain/errors.js';

/** Refuses (400 naming shippingAddress.country) a destination the shop does not ship to. */
export function refuseNoShipCountry(country: string | undefined, config: ComplianceConfig): void {
  const issue = country === undefined ? null : noShipIssue(country, config.noShipCountries);
  if (issue) throw new ValidationError([issue]);
}
