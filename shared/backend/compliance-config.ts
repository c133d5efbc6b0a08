import { z } from 'zod';
import { DEFAULT_MINIMUM_AGE } from '../domain/compliance.js';

/** What the shop asks shoppers to attest and where it refuses to ship. */
export interface ComplianceConfig {
  /** The age shoppers confirm at checkout. */
  minimumAge: number;
  /** ISO country codes (upper case) the shop does not ship to, refused at quote and checkout. */
  noShipCountries: string[];
}

export const complianceEnvSchema = z.object({
  SHOP_MINIMUM_AGE: z.coerce
    .number({ error: 'SHOP_MINIMUM_AGE must be a number' })
    .int('SHOP_MINIMUM_AGE must be a whole number')
    .min(18, 'SHOP_MINIMUM_AGE must be at least 18')
    .max(99, 'SHOP_MINIMUM_AGE must be at most 99')
    .default(DEFAULT_MINIMUM_AGE),
  SHOP_NO_SHIP_COUNTRIES: z
    .string()
    .regex(
      /^\s*[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*\s*,?\s*$/,
      'SHOP_NO_SHIP_COUNTRIES must be two-letter country codes separated by commas, e.g. CA,AU',
    )
    .optional(),
});

export function complianceConfig(env: z.output<typeof complianceEnvSchema>): ComplianceConfig {
  const codes = (env.SHOP_NO_SHIP_COUNTRIES ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return { minimumAge: env.SHOP_MINIMUM_AGE, noShipCountries: [...new Set(codes)] };
}
