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

/**
 * An id that sorts by the time given, then by `index` (several made in the same millisecond), so
 * what is listed by id (files named by it) comes out in the order it was made.
 */
export function newTimeOrderedId(atMs: number, index = 0): string {
  const stamp = new Date(atMs).toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${String(index).padStart(2, '0')}-${newId(8)}`;
}
