import { type CountryCode as PhoneCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatPhone } from './phone.js';

// The `min` metadata keeps the checkout's chunk small; it still knows every country's numbering plan and lengths.

/** The number in E.164 (+442079460958) when it is a valid number, dialled from the address's country; else null. */
export function phoneToE164(input: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(input, country as PhoneCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored phone as a reader of that address expects it: in national format when the number belongs to the address's
 * country (US numbers as (xxx) xxx-xxxx), international otherwise. Orders placed before numbers were kept in E.164
 * hold ten US digits.
 */
export function displayPhone(stored: string, country: string): string {
  if (!stored.startsWith('+')) return formatPhone(stored);
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed) return stored;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** The phone input while typing: North American numbers take (xxx) xxx-xxxx as they grow; others are left as typed. */
export function typedPhone(input: string, country: string): string {
  return (country === 'US' || country === 'CA') && !input.trimStart().startsWith('+')
    ? formatPhone(input)
    : input;
}
