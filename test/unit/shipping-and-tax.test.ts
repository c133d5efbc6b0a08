import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIPPING_CONFIG,
  shippableCountries,
  shippingConfigSchema,
  shippingOptionsFor,
  storedShippingConfigSchema,
  zoneFor,
} from '../../shared/domain/shipping-rates.js';
import { storedTaxConfigSchema, taxConfigSchema, taxOn, taxRateFor } from '../../shared/domain/tax-rates.js';

const config = shippingConfigSchema.parse({
  zones: [
    {
      id: 'west',
      name: 'US West',
      countries: ['us'],
      regions: ['ca', 'Washington'],
      rates: [{ id: 'a', label: 'West', amount: 9 }],
    },
    {
      id: 'us',
      name: 'US',
      countries: ['US'],
      rates: [
        { id: 'light', label: 'Light', amount: 10, basis: 'weight', max: 500 },
        { id: 'heavy', label: 'Heavy', amount: 30, basis: 'weight', min: 500 },
        { id: 'big', label: 'Big order', amount: 5, basis: 'subtotal', min: 100 },
      ],
    },
    { id: 'eu', name: 'EU', countries: ['DE', 'FR'], rates: [{ id: 'eu', label: 'EU', amount: 20 }] },
  ],
});
const facts = { country: 'US', region: 'MA', weightGrams: 100, subtotalCents: 5000, coldPack: false };

describe('shipping zones', () => {
  it('keeps a zone’s regions as codes, given as codes or names in any case', () => {
    expect(config.zones[0]?.regions).toEqual(['CA', 'WA']);
  });

  it('puts an address in the first zone naming its country and region, with no fallback when none covers it', () => {
    expect(zoneFor(config, 'US', 'CA')?.id).toBe('west');
    expect(zoneFor(config, 'US', 'WA')?.id).toBe('west');
    expect(zoneFor(config, 'us', 'MA')?.id).toBe('us');
    expect(zoneFor(config, 'GB', '')).toBeNull();
    expect(zoneFor(DEFAULT_SHIPPING_CONFIG, 'GB', '')?.id).toBe('everywhere');
  });

  it('matches a region by the stored code only: a name reaching it is not the region', () => {
    expect(zoneFor(config, 'US', 'California')?.id).toBe('us');
    expect(zoneFor(config, 'US', 'ca')?.id).toBe('us');
  });

  it('refuses a zone region none of its countries has, naming it; reads one stored before as it was', () => {
    const zone = { id: 'z', name: 'Z', countries: ['US', 'CA'], regions: ['Ontario', 'C.A.'] };
    const result = shippingConfigSchema.safeParse({
      zones: [{ ...zone, rates: [{ id: 'r', label: 'R', amount: 1 }] }],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'zones.0.regions.1',
        'C.A. is not a region of United States or Canada; give its ISO 3166-2 code or name',
      ],
    ]);
    const stored = storedShippingConfigSchema.parse({
      zones: [{ ...zone, rates: [{ id: 'r', label: 'R', amount: 1 }] }],
    });
    expect(stored.zones[0]?.regions).toEqual(['ON', 'C.A.']);
  });

  it('offers the rates whose weight or subtotal band the order falls in, cheapest first', () => {
    expect(shippingOptionsFor(config, facts)?.map((o) => o.id)).toEqual(['us:light']);
    expect(shippingOptionsFor(config, { ...facts, weightGrams: 500 })?.map((o) => o.id)).toEqual([
      'us:heavy',
    ]);
    expect(shippingOptionsFor(config, { ...facts, subtotalCents: 10_000 })?.map((o) => o.id)).toEqual([
      'us:big',
      'us:light',
    ]);
    expect(shippingOptionsFor(config, { ...facts, country: 'JP' })).toBeNull();
  });

  it('lists the checkout countries a zone ships to, all of them with a rest-of-world zone', () => {
    expect(shippableCountries(config, ['US', 'CA', 'GB', 'DE', 'FR'])).toEqual(['US', 'DE', 'FR']);
    expect(shippableCountries(DEFAULT_SHIPPING_CONFIG, ['US', 'GB'])).toEqual(['US', 'GB']);
  });

  it('refuses zones and rates given twice and countries the checkout does not offer, by path', () => {
    const result = shippingConfigSchema.safeParse({
      zones: [
        {
          id: 'a',
          name: 'A',
          countries: ['XX'],
          rates: [
            { id: 'r', label: 'R', amount: 1 },
            { id: 'r', label: 'R', amount: 2 },
          ],
        },
        {
          id: 'a',
          name: 'B',
          countries: ['US'],
          rates: [{ id: 'r', label: 'R', amount: 1, basis: 'weight', min: 5, max: 5 }],
        },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['zones.0.countries.0', 'zones.0.rates.1.id', 'zones.1.id', 'zones.1.rates.0.max']);
  });
});

describe('tax rates', () => {
  const tax = taxConfigSchema.parse({
    rates: [
      { country: 'US', region: 'massachusetts', ratePercent: 6.25 },
      { country: 'US', ratePercent: 0 },
      { country: 'GB', label: 'VAT', ratePercent: 20, inclusive: true },
    ],
  });

  it('takes a region’s own rate over its country’s, and none where nothing is configured', () => {
    expect(taxRateFor(tax, 'us', 'MA')?.ratePercent).toBe(6.25);
    expect(taxRateFor(tax, 'US', 'NY')?.ratePercent).toBe(0);
    expect(taxRateFor(tax, 'DE', '')).toBeNull();
    expect(taxOn(null, 10_000)).toBeNull();
  });

  it('keeps a rate’s region as its code and matches the stored code only', () => {
    expect(tax.rates[0]?.region).toBe('MA');
    expect(taxRateFor(tax, 'US', 'Massachusetts')?.ratePercent).toBe(0);
    expect(taxRateFor(tax, 'US', 'ma')?.ratePercent).toBe(0);
  });

  it('refuses a rate for a region its country does not have; reads one stored before as it was', () => {
    const rates = [
      { country: 'US', region: 'ZZ', ratePercent: 5 },
      { country: 'GB', region: 'ENG', ratePercent: 20 },
    ];
    expect(taxConfigSchema.safeParse({ rates }).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'rates.0.region',
      'rates.1.region',
    ]);
    expect(storedTaxConfigSchema.parse({ rates }).rates.map((r) => r.region)).toEqual(['ZZ', 'ENG']);
  });

  it('adds an exclusive rate and finds the part of an inclusive price that is tax, rounding half up', () => {
    expect(taxOn(taxRateFor(tax, 'US', 'MA'), 10_000)?.amountCents).toBe(625);
    expect(taxOn(taxRateFor(tax, 'US', 'MA'), 8)?.amountCents).toBe(1); // 0.5 cent goes up
    expect(taxOn(taxRateFor(tax, 'GB', ''), 12_000)?.amountCents).toBe(2000);
  });

  it('refuses a destination given two rates and a rate with more than two decimals', () => {
    const result = taxConfigSchema.safeParse({
      rates: [
        { country: 'US', ratePercent: 5 },
        { country: 'US', ratePercent: 6 },
        { country: 'GB', ratePercent: 20.125 },
      ],
    });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'rates.1',
      'rates.2.ratePercent',
    ]);
  });
});
