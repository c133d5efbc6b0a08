import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricedLineFacts, priceCheckout } from '../../shared/domain/checkout-pricing.js';
import type { Discount } from '../../shared/domain/discount.js';
import { ValidationError } from '../../shared/domain/errors.js';
import { lineCents, percentOfCents, shareOfCents, toCents } from '../../shared/domain/money.js';
import { tierUnitCents } from '../../shared/domain/price-tiers.js';
import { type ShippingConfig, shippingConfigSchema } from '../../shared/domain/shipping-rates.js';
import { taxConfigSchema } from '../../shared/domain/tax-rates.js';

const percent = fc.integer({ min: 1, max: 9_999 }).map((bp) => bp / 100);
const dollars = fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100);

/** A line as a cart makes it: a size's price, maybe a tier, a quantity, and the tier price the server charges. */
const line = fc
  .record({
    priceCents: fc.integer({ min: 1, max: 100_000 }),
    quantity: fc.integer({ min: 1, max: 99 }),
    tier: fc.option(fc.record({ minQuantity: fc.integer({ min: 2, max: 99 }), percentOff: percent }), {
      nil: null,
    }),
    category: fc.constantFrom('Peptides', 'Kits'),
    weightGrams: fc.integer({ min: 0, max: 2_000 }),
    coldPack: fc.boolean(),
  })
  .map(({ priceCents, quantity, tier, ...rest }, i = 0): PricedLineFacts & { unitCents: number } => {
    const unitCents = tierUnitCents(priceCents, tier ? [tier] : [], quantity);
    return {
      productId: `p${i}`,
      quantity,
      lineTotalCents: lineCents(unitCents, quantity),
      unitCents,
      ...rest,
    };
  });

const discount = fc.record({
  type: fc.constantFrom('percent' as const, 'amount' as const),
  percentValue: percent,
  amountValue: dollars,
  categories: fc.constantFrom([], ['Kits']),
});

type DiscountArbitrary = typeof discount extends fc.Arbitrary<infer T> ? T : never;

const shipping: ShippingConfig = shippingConfigSchema.parse({
  zones: [
    {
      id: 'world',
      name: 'World',
      countries: ['*'],
      rates: [
        { id: 'std', label: 'Standard', amount: 12.34 },
        { id: 'heavy', label: 'Heavy', amount: 60, basis: 'weight', min: 10_000 },
      ],
      freeShippingOver: 300,
      coldPackSurcharge: 6.5,
    },
  ],
});

const asDiscount = (d: DiscountArbitrary): Discount => ({
  code: 'PROP',
  type: d.type,
  value: d.type === 'percent' ? d.percentValue : d.amountValue,
  productIds: [],
  categories: [...d.categories],
  startsAt: null,
  endsAt: null,
  minSubtotal: null,
  usageLimit: null,
  oncePerCustomer: false,
  affiliate: null,
  commissionPercent: 0,
  active: true,
  uses: 0,
  createdAt: '2026-11-28T00:00:00.000Z',
});

describe('money stays exact: totals equal the sum of their parts', () => {
  it('for any cart of tiers, any code, any rate and any tax rate, inclusive or not', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.option(discount, { nil: null }),
        fc.record({
          ratePercent: fc.integer({ min: 0, max: 2_700 }).map((bp) => bp / 100),
          inclusive: fc.boolean(),
        }),
        (lines, code, rate) => {
          const tax = taxConfigSchema.parse({ rates: [{ country: 'GB', ...rate }] });
          let totals: ReturnType<typeof priceCheckout>;
          try {
            totals = priceCheckout({
              lines,
              ...(code ? { discountCode: 'PROP' } : {}),
              discount: code ? asDiscount(code) : null,
              usedByShopper: false,
              shipping,
              tax,
              destination: { country: 'GB', region: '' },
              nowMs: Date.UTC(2026, 10, 28),
            });
          } catch (error) {
            // Refused only when the code has nothing to take off: no line it applies to (no kit for a Kits
            // code; a tier never brings a line to 0 cents). Never priced wrong.
            expect(error).toBeInstanceOf(ValidationError);
            const applies = (l: PricedLineFacts) =>
              !code?.categories.length || (code.categories as readonly string[]).includes(l.category);
            expect(lines.filter(applies).reduce((sum, l) => sum + l.lineTotalCents, 0)).toBe(0);
            return;
          }
          const amounts = [totals.subtotalCents, totals.shippingCents, totals.taxCents, totals.totalCents];
          for (const cents of [...amounts, totals.discount?.amountCents ?? 0]) {
            expect(Number.isSafeInteger(cents)).toBe(true);
            expect(cents).toBeGreaterThanOrEqual(0);
          }
          // Each line is its unit price times its quantity; the subtotal is their sum.
          for (const l of lines) expect(l.lineTotalCents).toBe(l.unitCents * l.quantity);
          expect(totals.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.lineTotalCents, 0));
          const off = totals.discount?.amountCents ?? 0;
          expect(off).toBeLessThanOrEqual(totals.subtotalCents);
          const taxable = totals.subtotalCents - off + totals.shippingCents;
          // Tax is the rate of what is paid for, rounded half up once; inside the price when inclusive.
          const bp = Math.round(rate.ratePercent * 100);
          expect(totals.taxCents).toBe(
            rate.inclusive ? shareOfCents(taxable, bp, 10_000 + bp) : shareOfCents(taxable, bp, 10_000),
          );
          expect(totals.totalCents).toBe(taxable + (rate.inclusive ? 0 : totals.taxCents));
          expect(totals.shipping?.amountCents).toBe(totals.shippingCents);
          expect(Math.min(...totals.shippingOptions.map((o) => o.amountCents))).toBe(totals.shippingCents);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('rounds half up, once, in whole cents', () => {
    expect(percentOfCents(3999, 10)).toBe(400); // 399.9
    expect(percentOfCents(35_990, 15)).toBe(5399); // 5398.5
    expect(percentOfCents(250, 1)).toBe(3); // 2.5 goes up
    expect(percentOfCents(249, 1)).toBe(2); // 2.49
    expect(shareOfCents(38_490, 2000, 12_000)).toBe(6415);
    expect(toCents(0.1 + 0.2)).toBe(30);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 10_000 }), (cents, bp) => {
        const exact = (cents * bp) / 10_000;
        const rounded = shareOfCents(cents, bp, 10_000);
        expect(Math.abs(rounded - exact)).toBeLessThanOrEqual(0.5);
        if (exact - Math.floor(exact) === 0.5) expect(rounded).toBe(Math.ceil(exact));
      }),
    );
  });
});
