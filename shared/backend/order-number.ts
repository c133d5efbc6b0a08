import { randomInt } from 'node:crypto';

// Crockford's base 32: no I, L, O or U, so a number read out over the phone cannot be misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A short order number shoppers and staff can quote, e.g. HP-7K2M9QXD. */
export function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `HP-${code}`;
}

/** An order number as typed (any case, spaces around) as the store keeps it. */
export const orderNumberKey = (ref: string): string => ref.trim().toUpperCase();
