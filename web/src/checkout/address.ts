import type { ShippingAddressInput } from '../../../shared/domain/address.js';

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

export const COUNTRIES: [code: string, name: string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['NO', 'Norway'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['JP', 'Japan'],
  ['SG', 'Singapore'],
];
