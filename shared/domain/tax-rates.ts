import { z } from 'zod';
import { countryRules, settingRegion } from './address-rules.js';
import { basisPoints, type Cents, shareOfCents } from './money.js';

const taxRateFields = z.strictObject({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => countryRules(c) !== null, 'Not a country the checkout offers'),
  /**
   * A region (a state, a province) as its ISO 3166-2 code or name, kept as the code; '' for the whole country.
   * A region's own rate wins over its country's.
   */
  region: z.string().trim().max(60).default(''),
  label: z.string().trim().min(1).max(40).default('Tax'),
  ratePercent: z
    .number({ error: 'ratePercent must be a number' })
    .min(0, 'ratePercent cannot be negative')
    .max(100, 'ratePercent must be at most 100')
    .refine((r) => Number.isInteger(basisPoints(r)) && Math.abs(basisPoints(r) - r * 100) < 1e-6, {
      message: 'ratePercent can have at most 2 decimal places',
    }),
  /** True where shelf prices already hold the tax (VAT in the UK and EU); false where it is added at checkout. */
  inclusive: z.boolean().default(false),
});

/**
 * A rate's region becomes its code. Staff are refused a region its country does not have; a rate stored before
 * regions were codes is read as it was (its region then matches no address).
 */
const taxRateOf = (unknownRegion: 'refuse' | 'keep') =>
  taxRateFields
    .superRefine((rate, ctx) => {
      if (!rate.region || unknownRegion === 'keep') return;
      const region = settingRegion([rate.country], rate.region);
      if ('problem' in region) ctx.addIssue({ code: 'custom', path: ['region'], message: region.problem });
    })
    .transform((rate) => {
      const region = rate.region && settingRegion([rate.country], rate.region);
      return { ...rate, region: region && 'code' in region ? region.code : rate.region };
    });

const taxConfigOf = (unknownRegion: 'refuse' | 'keep') =>
  z.strictObject({ rates: z.array(taxRateOf(unknownRegion)).max(500) }).superRefine(({ rates }, ctx) => {
    const seen = new Set<string>();
    rates.forEach((rate, i) => {
      const key = `${rate.country}/${rate.region}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i],
          message: `${rate.country}${rate.region ? ` ${rate.region}` : ''} has two rates`,
        });
      seen.add(key);
    });
  });

/** Tax rates by destination; a destination with none configured pays none. Kept in the store. */
export const taxConfigSchema = taxConfigOf('refuse');
/** The rates as the store holds them, written under the rules of their day. */
export const storedTaxConfigSchema = taxConfigOf('keep');
export type TaxConfig = z.output<typeof taxConfigSchema>;
export type TaxConfigInput = z.input<typeof taxConfigSchema>;
type TaxRate = TaxConfig['rates'][number];

export const DEFAULT_TAX_CONFIG: TaxConfig = { rates: [] };

/** What an order keeps of the tax it was charged under. */
export interface OrderTax {
  label: string;
  ratePercent: number;
  inclusive: boolean;
  amountCents: Cents;
}

/** The rate for a destination: its region's (matched by the stored code only), else its country's. */
export function taxRateFor(config: TaxConfig, country: string, region: string): TaxRate | null {
  const c = country.trim().toUpperCase();
  const r = region.trim();
  return (
    config.rates.find((t) => t.country === c && t.region !== '' && t.region === r) ??
    config.rates.find((t) => t.country === c && t.region === '') ??
    null
  );
}

/**
 * The tax on what the shopper pays for (goods after discount, plus shipping), rounded half up once on the
 * whole order. Exclusive: the rate of it, added to the total. Inclusive: the part of it that is tax
 * (amount × rate / (100% + rate)), already in the total.
 */
export function taxOn(rate: TaxRate | null, taxableCents: Cents): OrderTax | null {
  if (!rate) return null;
  const bp = basisPoints(rate.ratePercent);
  const amountCents = rate.inclusive
    ? shareOfCents(taxableCents, bp, 10_000 + bp)
    : shareOfCents(taxableCents, bp, 10_000);
  return { label: rate.label, ratePercent: rate.ratePercent, inclusive: rate.inclusive, amountCents };
}
