import type { ShippingAddressInput } from '../../../shared/domain/address.js';
import { COUNTRY_CODES, COUNTRY_RULES } from '../../../shared/domain/address-rules.js';

export type AddressForm = Required<ShippingAddressInput>;

export const emptyAddress = (fullName = ''): AddressForm => ({
  fullName,
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
  phone: '',
});

export const COUNTRIES: [code: string, name: string][] = COUNTRY_CODES.map((code) => [
  code,
  COUNTRY_RULES[code].name,
]);

/**
 * The countries the checkout refuses: those the shop does not ship to (its setting), and, once the countries
 * some shipping zone covers are known, every other one.
 */
export function refusedCountries(
  shipsTo: readonly string[] | undefined,
  noShipCountries: readonly string[] = [],
): string[] {
  const uncovered = shipsTo ? COUNTRY_CODES.filter((code) => !shipsTo.includes(code)) : [];
  return [...new Set([...noShipCountries, ...uncovered])];
}
