import { describe, expect, it } from 'vitest';
import { IdMap } from '../../cli/import/id-map.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('the ID map of a WooCommerce import', () => {
  // 200,000 operations on two maps: seconds on a busy machine.
  it('answers as a Map does through 200,000 random sets, gets and deletes, growing as it fills', {
    timeout: 30_000,
  }, () => {
    const next = random(15);
    const ours = new IdMap();
    const model = new Map<string, number>();
    for (let i = 0; i < 200_000; i++) {
      // Few distinct IDs at first, then many: collisions, deletions inside probe runs, and growth.
      const range = i < 50_000 ? 3000 : 400_000;
      const roll = next();
      const id = roll < 0.02 ? `sku-like-${Math.floor(next() * 50)}` : String(Math.floor(next() * range));
      const op = next();
      if (op < 0.5) {
        ours.set(id, i);
        model.set(id, i);
      } else if (op < 0.75) {
        ours.delete(id);
        model.delete(id);
      }
      expect(ours.get(id)).toBe(model.get(id));
    }
    for (const [id, value] of model) expect(ours.get(id)).toBe(value);
    for (let i = 0; i < 1000; i++) {
      const id = String(Math.floor(next() * 400_000));
      expect(ours.get(id)).toBe(model.get(id));
    }
  });

  it('keeps IDs with leading zeros, or too long for 32 bits, apart from the numbers they read as', () => {
    const ids = new IdMap();
    ids.set('7', 1);
    ids.set('007', 2);
    ids.set('12345678901', 3);
    expect([ids.get('7'), ids.get('007'), ids.get('12345678901'), ids.get('0')]).toEqual([
      1,
      2,
      3,
      undefined,
    ]);
  });
});
