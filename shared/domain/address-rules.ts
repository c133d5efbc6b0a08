import { AU_STATES } from './regions/au-states.js';
import { CA_PROVINCES, postalCodeFitsProvince } from './regions/ca-provinces.js';
import { ES_PROVINCES } from './regions/es-provinces.js';
import { IE_COUNTIES } from './regions/ie-counties.js';
import { IT_PROVINCES } from './regions/it-provinces.js';
import { JP_PREFECTURES } from './regions/jp-prefectures.js';
import type { Region } from './regions/region.js';
import { US_STATES, zipFitsState } from './regions/us-states.js';

/**
 * What each country the checkout ships to asks of an address: whether it has a region (what it is called, and the
 * list it is chosen from) and what its postal code looks like. The server judges addresses by these rules and the
 * form draws its fields from them.
 */
export interface CountryRules {
  name: string;
  /** The region's name in that country's addresses, or null where addresses carry none. */
  region: RegionRules | null;
  postalCode: { label: string; required: boolean; pattern: RegExp; example: string };
}

interface RegionRules {
  label: string;
  required: boolean;
  /** The ISO 3166-2 subdivisions an address may name; it keeps the code. */
  list: readonly Region[];
  /** How the country's addresses write it: "Boston, MA" (code) or "Chiyoda, Tokyo" (name). */
  written: 'code' | 'name';
  /** Whether a (well-formed) postal code lies in the region, where the country's codes tell. */
  postalCodeFits?: (region: string, postalCode: string) => boolean;
}

const postal = (label: string, pattern: RegExp, example: string, required = true) => ({
  label,
  required,
  pattern,
  example,
});
const digits = (n: number, example: string) => postal('Postal code', new RegExp(`^\\d{${n}}$`), example);

export const COUNTRY_RULES = {
  US: {
    name: 'United States',
    region: {
      label: 'State',
      required: true,
      list: US_STATES,
      written: 'code',
      postalCodeFits: zipFitsState,
    },
    postalCode: postal('ZIP code', /^\d{5}(-\d{4})?$/, '02116'),
  },
  CA: {
    name: 'Canada',
    region: {
      label: 'Province',
      required: true,
      list: CA_PROVINCES,
      written: 'code',
      postalCodeFits: postalCodeFitsProvince,
    },
    postalCode: postal(
      'Postal code',
      /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
      'M5V 3L9',
    ),
  },
  GB: {
    name: 'United Kingdom',
    // Royal Mail delivers by postcode and asks for no county.
    region: null,
    postalCode: postal('Postcode', /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, 'SW1A 1AA'),
  },
  IE: {
    name: 'Ireland',
    region: { label: 'County', required: true, list: IE_COUNTIES, written: 'name' },
    postalCode: postal('Eircode', /^([AC-FHKNPRTV-Y]\d{2}|D6W) ?[\dAC-FHKNPRTV-Y]{4}$/, 'D02 X285', false),
  },
  DE: { name: 'Germany', region: null, postalCode: digits(5, '10115') },
  FR: { name: 'France', region: null, postalCode: digits(5, '75008') },
  NL: {
    name: 'Netherlands',
    region: null,
    postalCode: postal('Postal code', /^\d{4} ?[A-Z]{2}$/, '1012 AB'),
  },
  BE: { name: 'Belgium', region: null, postalCode: digits(4, '1000') },
  CH: { name: 'Switzerland', region: null, postalCode: digits(4, '8001') },
  AT: { name: 'Austria', region: null, postalCode: digits(4, '1010') },
  SE: { name: 'Sweden', region: null, postalCode: postal('Postal code', /^\d{3} ?\d{2}$/, '111 22') },
  DK: { name: 'Denmark', region: null, postalCode: digits(4, '1050') },
  NO: { name: 'Norway', region: null, postalCode: digits(4, '0150') },
  ES: {
    name: 'Spain',
    region: { label: 'Province', required: true, list: ES_PROVINCES, written: 'name' },
    postalCode: digits(5, '28013'),
  },
  IT: {
    name: 'Italy',
    region: { label: 'Province', required: true, list: IT_PROVINCES, written: 'code' },
    postalCode: digits(5, '00184'),
  },
  AU: {
    name: 'Australia',
    region: { label: 'State', required: true, list: AU_STATES, written: 'code' },
    postalCode: postal('Postcode', /^\d{4}$/, '2000'),
  },
  NZ: { name: 'New Zealand', region: null, postalCode: postal('Postcode', /^\d{4}$/, '6011') },
  JP: {
    name: 'Japan',
    region: { label: 'Prefecture', required: true, list: JP_PREFECTURES, written: 'name' },
    postalCode: postal('Postal code', /^\d{3}-?\d{4}$/, '100-0005'),
  },
  SG: { name: 'Singapore', region: null, postalCode: digits(6, '018956') },
} satisfies Record<string, CountryRules>;

export type CountryCode = keyof typeof COUNTRY_RULES;

/** The countries offered at checkout, in the order the form lists them. */
export const COUNTRY_CODES = Object.keys(COUNTRY_RULES) as CountryCode[];

const isCountryCode = (code: string): code is CountryCode => Object.hasOwn(COUNTRY_RULES, code);

export const countryRules = (code: string): CountryRules | null =>
  isCountryCode(code) ? COUNTRY_RULES[code] : null;

/** Postal codes are compared and kept in capitals, as they are printed on mail. */
export const normalisePostalCode = (code: string) => code.trim().toUpperCase();

/** How a region is compared: NFKC (full-width "ＣＡ" is "CA"), spaces collapsed, case ignored. */
const regionKey = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

const lookups = new Map<string, Map<string, string>>();

/** Every way of naming a country's regions (code, "US-CA", name, other names), keyed by regionKey. */
function lookupOf(country: string, list: readonly Region[]): Map<string, string> {
  let lookup = lookups.get(country);
  if (!lookup) {
    lookup = new Map();
    for (const { code, name, aliases } of list)
      for (const spelling of [code, `${country}-${code}`, name, ...aliases])
        lookup.set(regionKey(spelling), code);
    lookups.set(country, lookup);
  }
  return lookup;
}

/** The ISO 3166-2 code of the region a text names (its code or a name, in any case or width), else null. */
export function regionCode(country: string, text: string): string | null {
  const list = countryRules(country)?.region?.list;
  return list ? (lookupOf(country, list).get(regionKey(text)) ?? null) : null;
}

/**
 * A region named by a tax rate or shipping zone setting, for its countries: the code of the first that has it.
 * `problem` says why none does, for the setting's error.
 */
export function settingRegion(
  countries: readonly string[],
  text: string,
): { code: string } | { problem: string } {
  for (const country of countries) {
    const code = regionCode(country, text);
    if (code) return { code };
  }
  const names = countries.map((c) => countryRules(c)?.name ?? c).join(' or ');
  return { problem: `${text.trim()} is not a region of ${names}; give its ISO 3166-2 code or name` };
}

const regionOf = (country: string, code: string) =>
  countryRules(country)?.region?.list.find((r) => r.code === code);

/**
 * A stored region as the country's addresses write it: "MA", "Tokyo". Text that is no code (orders placed before
 * regions were codes) is shown as it was typed.
 */
function writtenRegion(country: string, state: string): string {
  const rules = countryRules(country)?.region;
  const region = regionOf(country, state);
  return region && rules?.written === 'name' ? region.name : state;
}

export interface AddressProblem {
  field: 'country' | 'state' | 'postalCode';
  message: string;
}

/** What is wrong with an address's region and postal code for its country (nothing when the country is unknown). */
export function regionAndPostalProblems(address: {
  country: string;
  state: string;
  postalCode: string;
}): AddressProblem[] {
  const rules = countryRules(address.country);
  if (!rules) return [{ field: 'country', message: 'Choose a country' }];
  const problems: AddressProblem[] = [];
  const region = regionProblem(address.country, address.state);
  if (region) problems.push({ field: 'state', message: region });
  const code = normalisePostalCode(address.postalCode);
  const { label, required, pattern } = rules.postalCode;
  if (!code) {
    if (required) problems.push({ field: 'postalCode', message: `${label} is required` });
  } else if (!pattern.test(code)) {
    problems.push({
      field: 'postalCode',
      message: `Enter a valid ${label === 'ZIP code' ? label : label.toLowerCase()}`,
    });
  } else if (!region) {
    const state = regionCode(address.country, address.state);
    if (state && rules.region?.postalCodeFits && !rules.region.postalCodeFits(state, code))
      problems.push({
        field: 'state',
        message: `${label} ${code} is not in ${regionOf(address.country, state)?.name ?? state}`,
      });
  }
  return problems;
}

/**
 * What is wrong with a region given for a country (null: nothing): missing where required, or not one of its list.
 * A region given for a country whose addresses have none is not wrong: it is dropped.
 */
export function regionProblem(country: string, state: string): string | null {
  const rules = countryRules(country);
  if (!rules?.region) return null;
  const { label, required } = rules.region;
  if (!state.trim()) return required ? `${label} is required` : null;
  return regionCode(country, state) ? null : `Choose a ${label.toLowerCase()} from the list`;
}

/** The line under the street, leaving out what the address lacks: "Boston, MA 02116", "London SW1A 1AA". */
export function localityLine(address: {
  city: string;
  state: string;
  postalCode: string;
  country: string;
}): string {
  const place = [address.city, writtenRegion(address.country, address.state)].filter(Boolean).join(', ');
  return [place, address.postalCode].filter(Boolean).join(' ');
}
