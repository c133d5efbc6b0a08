/**
 * What each country the checkout ships to asks of an address: whether it has a region (and what it is called) and
 * what its postal code looks like. The server judges addresses by these rules and the form draws its fields from them.
 */
export interface CountryRules {
  name: string;
  /** The region's name in that country's addresses, or null where addresses carry none. */
  region: { label: string; required: boolean } | null;
  postalCode: { label: string; required: boolean; pattern: RegExp; example: string };
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
    region: { label: 'State', required: true },
    postalCode: postal('ZIP code', /^\d{5}(-\d{4})?$/, '02116'),
  },
  CA: {
    name: 'Canada',
    region: { label: 'Province', required: true },
    postalCode: postal(
      'Postal code',
      /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
      'M5V 3L9',
    ),
  },
  GB: {
    name: 'United Kingdom',
    region: { label: 'County', required: false },
    postalCode: postal('Postcode', /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, 'SW1A 1AA'),
  },
  IE: {
    name: 'Ireland',
    region: { label: 'County', required: true },
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
  ES: { name: 'Spain', region: { label: 'Province', required: true }, postalCode: digits(5, '28013') },
  IT: { name: 'Italy', region: { label: 'Province', required: true }, postalCode: digits(5, '00184') },
  AU: {
    name: 'Australia',
    region: { label: 'State', required: true },
    postalCode: postal('Postcode', /^\d{4}$/, '2000'),
  },
  NZ: { name: 'New Zealand', region: null, postalCode: postal('Postcode', /^\d{4}$/, '6011') },
  JP: {
    name: 'Japan',
    region: { label: 'Prefecture', required: true },
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
  if (rules.region?.required && !address.state.trim())
    problems.push({ field: 'state', message: `${rules.region.label} is required` });
  const code = normalisePostalCode(address.postalCode);
  const { label, required, pattern } = rules.postalCode;
  if (!code) {
    if (required) problems.push({ field: 'postalCode', message: `${label} is required` });
  } else if (!pattern.test(code)) {
    problems.push({
      field: 'postalCode',
      message: `Enter a valid ${label === 'ZIP code' ? label : label.toLowerCase()}`,
    });
  }
  return problems;
}

/** The line under the street, leaving out what the address lacks: "Boston, MA 02116", "London SW1A 1AA". */
export function localityLine(address: { city: string; state: string; postalCode: string }): string {
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return [place, address.postalCode].filter(Boolean).join(' ');
}
