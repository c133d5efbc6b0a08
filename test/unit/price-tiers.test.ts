import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOfCents } from '../../shared/domain/money.js';
import { tierPriceIssue, tierUnitCents } from '../../shared/domain/price-tiers.js';

describe('a tier never sells a unit for less than a cent', () => {
  it('refuses 99% off a $0.33 size (0.33 ¢ rounds to nothing) and takes 98%', () => {
    expect(tierPriceIssue(33, { percentOff: 99 })).toBe(
      '99% off $0.33 leaves $0.00 a unit: a tier must leave at least $0.01',
    );
    expect(tierPriceIssue(33, { percentOff: 98 })).toBeNull();
    expect(tierUnitCents(33, [{ minQuantity: 2, percentOff: 98 }], 2)).toBe(1);
  });

  it('charges at least a cent for a tier stored before the rule, whatever its price and percentage', () => {
    expect(tierUnitCents(33, [{ minQuantity: 2, percentOff: 99 }], 5)).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 9_900 }).map((bp) => bp / 100),
        (priceCents, percentOff) => {
          const unit = tierUnitCents(priceCents, [{ minQuantity: 2, percentOff }], 2);
          expect(unit).toBeGreaterThanOrEqual(1);
          expect(unit).toBeLessThanOrEqual(priceCents);
          // Where the tier may be saved, the floor never changes what it charges.
          if (tierPriceIssue(priceCents, { percentOff }) === null)
            expect(unit).toBe(priceCents - percentOfCents(priceCents, percentOff));
        },
      ),
    );
  });
});
