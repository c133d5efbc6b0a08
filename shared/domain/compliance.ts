import { z } from 'zod';
import { countryRules } from './address-rules.js';
import type { Timestamp } from './timestamp.js';

/**
 * The version of the Terms of Service a shopper agrees to at checkout, kept with every order: change it whenever the
 * terms page changes, so each order says which words its shopper accepted.
 */
export const TERMS_VERSION = '2026-11-01';

/** The age a shopper confirms at checkout unless the shop sets another (SHOP_MINIMUM_AGE). */
export const DEFAULT_MINIMUM_AGE = 21;

const ADULT_REQUIRED = 'Please confirm you are of the minimum age to buy from this shop';
export const RESEARCH_USE_REQUIRED = 'Please confirm the products are for laboratory research use only';

/** What the shopper ticks at checkout; each must be true, and a missing or false one is named. */
export const attestationsSchema = z.strictObject(
  {
    adult: z.literal(true, { error: ADULT_REQUIRED }),
    researchUse: z.literal(true, { error: RESEARCH_USE_REQUIRED }),
  },
  { error: 'Please confirm your age and research use (attestations)' },
);

/** What a shopper attested when placing an order, against which terms and age, at the server's time of placing. */
export interface ComplianceRecord {
  adult: boolean;
  researchUse: boolean;
  /** The minimum age the shopper confirmed (the shop's setting at that time). */
  minimumAge: number;
  termsVersion: string;
  at: Timestamp;
}

/** What the checkout hands the store; the store stamps `at` with the time it places the order. */
export type Attested = Omit<ComplianceRecord, 'at'>;

/** The clear refusal of a destination the shop does not ship to. */
function noShipMessage(country: string): string {
  const name = countryRules(country)?.name ?? country;
  return `We do not ship to ${name}; choose another country`;
}

/** The field error of a country the shop does not ship to, or none. */
export function noShipIssue(
  country: string,
  noShipCountries: readonly string[],
): { field: 'shippingAddress.country'; message: string } | null {
  return noShipCountries.includes(country.trim().toUpperCase())
    ? { field: 'shippingAddress.country', message: noShipMessage(country.trim().toUpperCase()) }
    : null;
}
