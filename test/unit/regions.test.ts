import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippingAddressSchema } from '../../shared/domain/address.js';
import {
  COUNTRY_CODES,
  countryRules,
  localityLine,
  regionCode,
  regionProblem,
} from '../../shared/domain/address-rules.js';
import { zipFitsState } from '../../shared/domain/regions/us-states.js';

const withRegions = COUNTRY_CODES.flatMap((country) => {
  const region = countryRules(country)?.region;
  return region ? [{ country, region }] : [];
});
const everyRegion = withRegions.flatMap(({ country, region }) => region.list.map((r) => ({ country, ...r })));

/** The full-width form of ASCII text ("CA" → "ＣＡ"), as a Japanese keyboard types it. */
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');

describe('regions are ISO 3166-2 codes, declared once per country', () => {
  it('gives every country with a region a list, and Britain none (Royal Mail needs no county)', () => {
    expect(withRegions.map((c) => c.country)).toEqual(['US', 'CA', 'IE', 'ES', 'IT', 'AU', 'JP']);
    expect(countryRules('GB')?.region).toBeNull();
    const sizes = Object.fromEntries(withRegions.map(({ country, region }) => [country, region.list.length]));
    expect(sizes).toEqual({ US: 56, CA: 13, IE: 26, ES: 52, IT: 107, AU: 8, JP: 47 });
  });

  it('names each region in one way only within its country: no spelling leads to two codes', () => {
    for (const { country, region } of withRegions) {
      const codes = region.list.map((r) => r.code);
      expect(new Set(codes).size, country).toBe(codes.length);
      for (const r of region.list)
        for (const spelling of [r.code, `${country}-${r.code}`, r.name, ...r.aliases])
          expect(regionCode(country, spelling), `${country} ${spelling}`).toBe(r.code);
    }
  });

  it('takes a code or an exact name in any case or width, and keeps the code', () => {
    expect(regionCode('US', 'california')).toBe('CA');
    expect(regionCode('US', 'ＣＡ')).toBe('CA');
    expect(regionCode('US', '  California ')).toBe('CA');
    expect(regionCode('US', 'us-ca')).toBe('CA');
    expect(regionCode('JP', '東京都')).toBe('13');
    expect(regionCode('JP', 'tokyo')).toBe('13');
    expect(regionCode('IE', 'Co. Dublin')).toBe('D');
    expect(regionCode('ES', 'cádiz')).toBe('CA');
  });

  it('refuses anything else: punctuation, near names, another country’s region, a country without regions', () => {
    expect(regionCode('US', 'C.A.')).toBeNull();
    expect(regionCode('US', 'Californ')).toBeNull();
    expect(regionCode('US', 'Ontario')).toBeNull();
    expect(regionCode('GB', 'Kent')).toBeNull();
    expect(regionProblem('US', 'C.A.')).toBe('Choose a state from the list');
    expect(regionProblem('US', '')).toBe('State is required');
    expect(regionProblem('DE', 'Bayern')).toBeNull();
  });

  it('finds every region through any casing and the full-width form of its code and names', () => {
    const spelling = fc
      .constantFrom(...everyRegion)
      .chain((r) =>
        fc.tuple(
          fc.constant(r),
          fc.constantFrom(r.code, r.name, ...r.aliases),
          fc.boolean(),
          fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        ),
      );
    fc.assert(
      fc.property(spelling, ([r, text, wide, upper]) => {
        const cased = [...text].map((c, i) => (upper[i % 40] ? c.toUpperCase() : c.toLowerCase())).join('');
        expect(regionCode(r.country, wide ? fullWidth(cased) : cased)).toBe(r.code);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts no text that is not, once NFKC-folded and lower-cased, one of a region’s spellings', () => {
    const spellings = new Map(
      withRegions.map(({ country, region }) => [
        country,
        new Set(
          region.list.flatMap((r) =>
            [r.code, `${country}-${r.code}`, r.name, ...r.aliases].map((s) => s.toLowerCase()),
          ),
        ),
      ]),
    );
    const text = fc.oneof(
      fc.string(),
      fc.constantFrom(...everyRegion.map((r) => r.name)).map((n) => `${n}.`),
      fc.constantFrom(...everyRegion.map((r) => r.code)).map((c) => c.split('').join('.')),
    );
    fc.assert(
      fc.property(fc.constantFrom(...withRegions.map((c) => c.country)), text, (country, typed) => {
        const code = regionCode(country, typed);
        const folded = typed.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
        expect(code === null).toBe(!spellings.get(country)?.has(folded));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a US ZIP code fits its state by its first three digits', () => {
  it('places real ZIP codes in their states and territories', () => {
    const real: [string, string][] = [
      ['HI', '96813'],
      ['CA', '90210'],
      ['CA', '96161'],
      ['NY', '10001'],
      ['NY', '06390'],
      ['CT', '06390'],
      ['MA', '02116'],
      ['DC', '20500'],
      ['VA', '20166'],
      ['TX', '73301'],
      ['TX', '79936'],
      ['AK', '99501'],
      ['PR', '00901'],
      ['VI', '00802'],
      ['GU', '96910'],
      ['AS', '96799'],
    ];
    for (const [state, zip] of real) expect(zipFitsState(state, zip), `${state} ${zip}`).toBe(true);
  });

  it('refuses a ZIP code of another state', () => {
    expect(zipFitsState('CA', '96813')).toBe(false);
    expect(zipFitsState('HI', '90210')).toBe(false);
    expect(zipFitsState('MA', '10001')).toBe(false);
  });

  it('gives every state a prefix, and shares a prefix only where the Postal Service does', () => {
    const states = countryRules('US')?.region?.list.map((r) => r.code) ?? [];
    const owners = new Map<string, string[]>();
    for (let n = 0; n < 1000; n++) {
      const zip = `${String(n).padStart(3, '0')}01`;
      const fits = states.filter((s) => zipFitsState(s, zip));
      if (fits.length > 1) owners.set(zip.slice(0, 3), fits);
    }
    for (const state of states)
      expect(
        Array.from({ length: 1000 }, (_, n) => `${String(n).padStart(3, '0')}01`).some((z) =>
          zipFitsState(state, z),
        ),
        state,
      ).toBe(true);
    expect(Object.fromEntries(owners)).toEqual({
      '063': ['CT', 'NY'],
      '967': ['HI', 'AS'],
      '969': ['GU', 'MP'],
    });
  });
});

describe('addresses keep the region’s code', () => {
  const us = {
    fullName: 'Ada Lovelace',
    line1: '1 Main Street',
    city: 'Los Angeles',
    postalCode: '90012',
    country: 'US',
    phone: '(213) 555-0100',
  };
  const parse = (address: Record<string, unknown>) => shippingAddressSchema.safeParse(address);

  it.each(['California', 'california', 'ＣＡ', 'CA', 'ca', 'US-CA'])('stores %s as CA', (state) => {
    expect(parse({ ...us, state }).data?.state).toBe('CA');
  });

  it('refuses C.A. and a ZIP code outside the state, naming the state field', () => {
    const issues = (state: string, postalCode: string) =>
      parse({ ...us, state, postalCode }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('C.A.', '90012')).toEqual([['state', 'Choose a state from the list']]);
    expect(issues('California', '96813')).toEqual([['state', 'ZIP code 96813 is not in California']]);
    expect(parse({ ...us, city: 'Honolulu', state: 'Hawaii', postalCode: '96813' }).data?.state).toBe('HI');
  });

  it('judges a Canadian postal code by its province’s first letter', () => {
    const ca = { ...us, country: 'CA', city: 'Toronto', phone: '416 555 0123' };
    expect(parse({ ...ca, state: 'Ontario', postalCode: 'M5V 3L9' }).data?.state).toBe('ON');
    expect(parse({ ...ca, state: 'Québec', postalCode: 'M5V 3L9' }).error?.issues[0]?.message).toBe(
      'Postal code M5V 3L9 is not in Quebec',
    );
  });

  it('writes the region as the country’s addresses do, and an old order’s text as it was typed', () => {
    const line = (country: string, state: string, city = 'Town', postalCode = '') =>
      localityLine({ country, state, city, postalCode });
    expect(line('US', 'MA', 'Boston', '02116')).toBe('Boston, MA 02116');
    expect(line('JP', '13', 'Chiyoda-ku', '100-0005')).toBe('Chiyoda-ku, Tokyo 100-0005');
    expect(line('IE', 'D', 'Dublin', 'D02 X285')).toBe('Dublin, Dublin D02 X285');
    expect(line('US', 'California', 'Los Angeles', '90012')).toBe('Los Angeles, California 90012');
    expect(line('GB', 'Kent', 'Dover', 'CT16 1JA')).toBe('Dover, Kent CT16 1JA');
  });
});
