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
 * Ids for rows written together, of newId()'s shape: one random head, then a random tail each. Rows
 * inserted in one transaction then sit side by side in an id index, so its commit rewrites a few
 * index pages rather than nearly every one (random ids make a bulk import's many commits slow).
 */
export function newIdFamily(): () => string {
  const head = newId(8);
  return () => head + newId(12);
}

/**
 * An id that sorts by the time given, then by `index` (several made in the same millisecond), so
 * what is listed by id (files named by it) comes out in the order it was made.
 */
export function newTimeOrderedId(atMs: number, index = 0): string {
  return `${timeOrderedPrefix(atMs)}-${String(index).padStart(2, '0')}-${newId(8)}`;
}

let lastPrefix = { atMs: Number.NaN, prefix: '' };

/** What every newTimeOrderedId of this time or later sorts at or after. */
export function timeOrderedPrefix(atMs: number): string {
  // an import asks for the same millisecond's many times over
  if (atMs !== lastPrefix.atMs)
    lastPrefix = { atMs, prefix: new Date(atMs).toISOString().replace(/[-:.]/g, '') };
  return lastPrefix.prefix;
}
