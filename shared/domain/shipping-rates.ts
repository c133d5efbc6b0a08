import { z } from 'zod';
import { countryRules, settingRegion } from './address-rules.js';
import { FLAT_SHIPPING_CENTS, FREE_SHIPPING_THRESHOLD_CENTS, PRODUCT_MAX_PRICE } from './constants.js';
import { type Cents, fromCents, hasAtMostTwoDecimals, toCents } from './money.js';

/** Any country no other zone names. */
export const REST_OF_WORLD = '*';

const slug = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, `${label} must be 1 to 40 lower-case letters, digits or -`);

const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(PRODUCT_MAX_PRICE, `${label} must be at most ${PRODUCT_MAX_PRICE}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimal places`);

const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => c === REST_OF_WORLD || countryRules(c) !== null, 'Not a country the checkout offers');

const rateSchema = z
  .strictObject({
    id: slug('A rate id'),
    label: z.string().trim().min(1, 'A rate needs a label').max(60),
    /** Dollars. */
    amount: dollars('amount'),
    /** What `min`/`max` measure: nothing (flat), the order's weight in grams, or its subtotal in dollars. */
    basis: z.enum(['flat', 'weight', 'subtotal']).default('flat'),
    min: z.number().min(0, 'min cannot be negative').default(0),
    /** Exclusive; none: no upper bound. */
    max: z.number().positive('max must be above 0').nullable().default(null),
  })
  .refine((r) => r.max === null || r.max > r.min, { message: 'max must be above min', path: ['max'] });

const zoneFields = z.strictObject({
  id: slug('A zone id'),
  name: z.string().trim().min(1, 'A zone needs a name').max(60),
  /** Two-letter codes, or "*" for every country no other zone names. */
  countries: z.array(countrySchema).min(1, 'A zone needs at least one country'),
  /**
   * Regions (a state, a province) within those countries, as ISO 3166-2 codes or names, kept as codes; none: the
   * whole country.
   */
  regions: z.array(z.string().trim().min(1).max(60)).max(500).default([]),
  rates: z.array(rateSchema).min(1, 'A zone needs at least one rate'),
  /** Dollars: at or above this subtotal (after any discount) every rate of the zone is free. */
  freeShippingOver: dollars('freeShippingOver').nullable().default(null),
  /** Dollars added once to an order holding a cold-packed size. */
  coldPackSurcharge: dollars('coldPackSurcharge').default(0),
});

/**
 * A zone's regions become codes. Staff are refused a region none of its countries has; a zone stored before
 * regions were codes is read as it was (such a region then matches no address).
 */
const zoneOf = (unknownRegion: 'refuse' | 'keep') =>
  zoneFields
    .superRefine((zone, ctx) => {
      if (unknownRegion === 'keep') return;
      zone.regions.forEach((text, i) => {
        const region = settingRegion(zone.countries, text);
        if ('problem' in region)
          ctx.addIssue({ code: 'custom', path: ['regions', i], message: region.problem });
      });
    })
    .transform((zone) => ({
      ...zone,
      regions: zone.regions.map((text) => {
        const region = settingRegion(zone.countries, text);
        return 'code' in region ? region.code : text;
      }),
    }));

const shippingConfigOf = (unknownRegion: 'refuse' | 'keep') =>
  z.strictObject({ zones: z.array(zoneOf(unknownRegion)).max(100) }).superRefine(({ zones }, ctx) => {
    const zoneIds = new Set<string>();
    zones.forEach((zone, i) => {
      if (zoneIds.has(zone.id))
        ctx.addIssue({ code: 'custom', path: ['zones', i, 'id'], message: `Zone ${zone.id} is given twice` });
      zoneIds.add(zone.id);
      const rateIds = new Set<string>();
      zone.rates.forEach((rate, j) => {
        if (rateIds.has(rate.id))
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'rates', j, 'id'],
            message: `Rate ${rate.id} is given twice in zone ${zone.id}`,
          });
        rateIds.add(rate.id);
      });
    });
  });

/** Where the shop ships and at what price; kept in the store, changed by staff and `shop shipping set`. */
export const shippingConfigSchema = shippingConfigOf('refuse');
/** The zones as the store holds them, written under the rules of their day. */
export const storedShippingConfigSchema = shippingConfigOf('keep');
export type ShippingConfig = z.output<typeof shippingConfigSchema>;
export type ShippingConfigInput = z.input<typeof shippingConfigSchema>;
type ShippingZone = ShippingConfig['zones'][number];

/** The shop's rates before staff set any: the original flat fee, free over the original threshold, everywhere. */
export const DEFAULT_SHIPPING_CONFIG: ShippingConfig = {
  zones: [
    {
      id: 'everywhere',
      name: 'Everywhere',
      countries: [REST_OF_WORLD],
      regions: [],
      rates: [
        {
          id: 'standard',
          label: 'Standard shipping',
          amount: fromCents(FLAT_SHIPPING_CENTS),
          basis: 'flat',
          min: 0,
          max: null,
        },
      ],
      freeShippingOver: fromCents(FREE_SHIPPING_THRESHOLD_CENTS),
      coldPackSurcharge: 0,
    },
  ],
};

export interface ShippingOption {
  /** `zone:rate`, what the checkout sends back as shippingOptionId. */
  id: string;
  label: string;
  amountCents: Cents;
}

/** What an order weighs and costs, and where it goes: all a rate is judged on. */
export interface ShipmentFacts {
  country: string;
  region: string;
  weightGrams: number;
  /** After any discount. */
  subtotalCents: Cents;
  coldPack: boolean;
}

const names = (zone: ShippingZone, country: string, region: string) =>
  zone.countries.includes(country) && (zone.regions.length === 0 || zone.regions.includes(region));

/**
 * The zone an address falls in: the first naming its country (and region, by the stored code only), else the
 * rest-of-world zone.
 */
export function zoneFor(config: ShippingConfig, country: string, region: string): ShippingZone | null {
  const c = country.trim().toUpperCase();
  const r = region.trim();
  return (
    config.zones.find((z) => names(z, c, r)) ??
    config.zones.find((z) => z.countries.includes(REST_OF_WORLD)) ??
    null
  );
}

/** Countries of the checkout that some zone ships to (all of them when a zone covers the rest of the world). */
export function shippableCountries(config: ShippingConfig, offered: readonly string[]): string[] {
  if (config.zones.some((z) => z.countries.includes(REST_OF_WORLD))) return [...offered];
  const named = new Set(config.zones.flatMap((z) => z.countries));
  return offered.filter((c) => named.has(c));
}

function rateApplies(rate: ShippingZone['rates'][number], facts: ShipmentFacts): boolean {
  if (rate.basis === 'flat') return true;
  const measure = rate.basis === 'weight' ? facts.weightGrams : facts.subtotalCents;
  const scale = rate.basis === 'weight' ? 1 : 100;
  return measure >= rate.min * scale && (rate.max === null || measure < rate.max * scale);
}

/**
 * The rates a shipment may go at, cheapest first; [] when its zone has none for it. Null when no zone
 * covers the address: the shop does not ship there.
 */
export function shippingOptionsFor(config: ShippingConfig, facts: ShipmentFacts): ShippingOption[] | null {
  const zone = zoneFor(config, facts.country, facts.region);
  if (!zone) return null;
  const free = zone.freeShippingOver !== null && facts.subtotalCents >= toCents(zone.freeShippingOver);
  const coldPack = facts.coldPack ? toCents(zone.coldPackSurcharge) : 0;
  return zone.rates
    .filter((rate) => rateApplies(rate, facts))
    .map((rate) => ({
      id: `${zone.id}:${rate.id}`,
      label: coldPack > 0 ? `${rate.label} (cold-packed)` : rate.label,
      amountCents: (free ? 0 : toCents(rate.amount)) + coldPack,
    }))
    .sort((a, b) => a.amountCents - b.amountCents);
}

/** Why an address has no rate, as the shopper reads it. */
export function noRateMessage(country: string, zoneFound: boolean): string {
  const name = countryRules(country.trim().toUpperCase())?.name ?? country;
  return zoneFound
    ? `No shipping rate covers this order to ${name}; contact us for a quote`
    : `We have no shipping rate to ${name}; choose another country`;
}
