import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes from it up are skipped, so every letter is equally likely. */
const UNBIASED_BELOW = 248;
const pool = Buffer.alloc(4096);
let next = pool.length;

/** A cryptographically random byte, from a pool refilled in one call (bulk imports make many ids). */
function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** A 20-character id of the same shape as Firestore's auto ids, so both adapters hand out alike ids. */
export function newId(length = 20): string {
  let id = '';
  while (id.length < length) {
    const byte = randomByte();
    if (byte < UNBIASED_BELOW) id += ALPHABET[byte % ALPHABET.length];
  }
  return id;
}
