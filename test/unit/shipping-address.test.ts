import { describe, expect, it } from 'vitest';
import { shippingAddressSchema } from '../../shared/domain/address.js';
import { COUNTRY_CODES, COUNTRY_RULES, localityLine } from '../../shared/domain/address-rules.js';
import { displayPhone, phoneToE164, typedPhone } from '../../shared/domain/phone-number.js';

const uk = {
  fullName: 'Ada Lovelace',
  line1: '10 Downing Street',
  city: 'London',
  state: '',
  postalCode: 'sw1a 2aa',
  country: 'GB',
  phone: '+44 20 7946 0958',
};
const problems = (input: Record<string, unknown>) => {
  const parsed = shippingAddressSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('shipping addresses are judged by their country', () => {
  it('keeps a UK address with no county, its phone in E.164 and its postcode in capitals', () => {
    expect(shippingAddressSchema.parse(uk)).toEqual({
      ...uk,
      line2: '',
      postalCode: 'SW1A 2AA',
      phone: '+442079460958',
    });
  });

  it('names the region as the country does and requires it where the country uses one', () => {
    expect(problems({ ...uk, country: 'US', postalCode: '02116', phone: '617 555 0100' })).toEqual({
      state: 'State is required',
    });
    expect(problems({ ...uk, country: 'CA', postalCode: 'M5V 3L9', phone: '416 555 0123' })).toEqual({
      state: 'Province is required',
    });
    expect(problems({ ...uk, country: 'JP', postalCode: '100-0005', phone: '03-1234-5678' })).toEqual({
      state: 'Prefecture is required',
    });
    expect(problems({ ...uk, country: 'AU', postalCode: '2000', phone: '02 9876 5432' })).toEqual({
      state: 'State is required',
    });
  });

  it('drops a region typed for a country whose addresses have none (Britain’s county too)', () => {
    expect(shippingAddressSchema.parse({ ...uk, state: 'CA' }).state).toBe('');
    const de = shippingAddressSchema.parse({
      ...uk,
      country: 'DE',
      state: 'MA',
      postalCode: '10115',
      phone: '030 901820',
    });
    expect(de.state).toBe('');
    expect(de.phone).toBe('+4930901820');
  });

  it('holds the postal code to the country’s pattern, named as the country names it', () => {
    expect(problems({ ...uk, postalCode: '12345' })).toEqual({ postalCode: 'Enter a valid postcode' });
    expect(
      problems({ ...uk, country: 'US', state: 'MA', postalCode: 'SW1A 2AA', phone: '617 555 0100' }),
    ).toEqual({
      postalCode: 'Enter a valid ZIP code',
    });
    expect(problems({ ...uk, country: 'DE', postalCode: '', phone: '030 901820' })).toEqual({
      postalCode: 'Postal code is required',
    });
    // Ireland's Eircode is optional, but must be one when given.
    expect(problems({ ...uk, country: 'IE', state: 'Dublin', postalCode: '', phone: '01 234 5678' })).toEqual(
      {},
    );
    expect(
      problems({ ...uk, country: 'IE', state: 'Dublin', postalCode: '1234', phone: '01 234 5678' }),
    ).toEqual({
      postalCode: 'Enter a valid eircode',
    });
  });

  it('refuses a phone that is not a number of its country, and a country not offered', () => {
    expect(problems({ ...uk, phone: '020 7946' })).toEqual({ phone: 'Enter a valid phone number' });
    expect(problems({ ...uk, phone: '' })).toEqual({ phone: 'Phone is required' });
    expect(problems({ ...uk, country: 'XX' })).toEqual({ country: 'Choose a country' });
  });

  it('reports the country’s rules beside other fields’ errors, so one submit shows them all', () => {
    expect(problems({ ...uk, city: ' ', country: 'US', postalCode: 'x', phone: '555' })).toEqual({
      city: 'City is required',
      state: 'State is required',
      postalCode: 'Enter a valid ZIP code',
      phone: 'Enter a valid phone number',
    });
  });

  it('offers the 19 countries the checkout lists, each with an example postal code its own rule accepts', () => {
    expect(COUNTRY_CODES).toHaveLength(19);
    for (const code of COUNTRY_CODES) {
      const { pattern, example } = COUNTRY_RULES[code].postalCode;
      expect(pattern.test(example), `${code} ${example}`).toBe(true);
    }
  });

  it('writes the locality line without the parts an address lacks', () => {
    expect(localityLine({ city: 'Boston', state: 'MA', postalCode: '02116', country: 'US' })).toBe(
      'Boston, MA 02116',
    );
    expect(localityLine({ city: 'London', state: '', postalCode: 'SW1A 2AA', country: 'GB' })).toBe(
      'London SW1A 2AA',
    );
  });
});

describe('phones', () => {
  it('are shown in national format for their address’s country, international otherwise', () => {
    expect(displayPhone('+16175550100', 'US')).toBe('(617) 555-0100');
    expect(displayPhone('+442079460958', 'GB')).toBe('020 7946 0958');
    expect(displayPhone('+442079460958', 'US')).toBe('+44 20 7946 0958');
    expect(displayPhone('+81312345678', 'JP')).toBe('03-1234-5678');
  });

  it('saved before E.164 as ten US digits still show as (xxx) xxx-xxxx', () => {
    expect(displayPhone('6175550100', 'US')).toBe('(617) 555-0100');
  });

  it('are read in the address’s country unless they carry their own country code', () => {
    expect(phoneToE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(phoneToE164('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(phoneToE164('+44 20 7946 0958', 'GB')).toBe('+442079460958');
    expect(phoneToE164('020 7946 0958', 'US')).toBeNull();
  });

  it('take the (xxx) xxx-xxxx shape while typed for North America only, and never mangle a +44 number', () => {
    expect(typedPhone('6175550', 'US')).toBe('(617) 555-0');
    expect(typedPhone('+44 20 7946 0958', 'US')).toBe('+44 20 7946 0958');
    expect(typedPhone('020 7946 0958', 'GB')).toBe('020 7946 0958');
  });
});
