import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlaceOrder, Store } from '../../shared/backend/store/port.js';
import { CODE_REFUSAL, type NewDiscountInput, newDiscountSchema } from '../../shared/domain/discount.js';
import { DuplicateDiscountError, NotFoundError, ValidationError } from '../../shared/domain/errors.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { dayRangeMs } from '../../shared/domain/sales-report.js';
import { type ShippingConfigInput, shippingConfigSchema } from '../../shared/domain/shipping-rates.js';
import { type TaxConfigInput, taxConfigSchema } from '../../shared/domain/tax-rates.js';
import { rejection, SAMPLE_ADDRESS } from './order-store.contract.js';
import type { StoreFactory } from './product-store.contract.js';

const US_ZONES: ShippingConfigInput = {
  zones: [
    {
      id: 'us',
      name: 'United States',
      countries: ['US'],
      rates: [
        { id: 'standard', label: 'Standard', amount: 15 },
        { id: 'express', label: 'Express', amount: 35 },
        { id: 'heavy', label: 'Freight', amount: 80, basis: 'weight', min: 5000 },
      ],
      freeShippingOver: 500,
      coldPackSurcharge: 7.5,
    },
  ],
};
const MA_TAX: TaxConfigInput = {
  rates: [{ country: 'US', region: 'MA', label: 'MA sales tax', ratePercent: 6.25 }],
};
const rates = { shipping: shippingConfigSchema.parse(US_ZONES), tax: taxConfigSchema.parse(MA_TAX) };

let keys = 0;

/** Codes, tiers, shipping rates and tax as placing an order applies them: the behaviour every adapter must show. */
export function describeCheckoutPricingContract(adapter: string, factory: StoreFactory): void {
  describe(`${adapter} store: discount codes, tiers, shipping and tax`, () => {
    let store: Store;
    let clock: number;
    let vialId: string;
    let kitId: string;
    const discount = (input: Partial<NewDiscountInput> & { code: string }) =>
      store.discounts.create(newDiscountSchema.parse({ type: 'percent', value: 10, ...input }));
    const place = (overrides: Partial<PlaceOrder> = {}) =>
      store.orders.place({
        uid: 'shopper-1',
        email: 'ada@example.com',
        lines: [{ productId: vialId, quantity: 10 }],
        shippingAddress: SAMPLE_ADDRESS,
        paymentProvider: 'manual',
        idempotencyKey: `pricing-${String(++keys).padStart(16, '0')}`,
        rates,
        ...overrides,
      });

    beforeEach(async () => {
      clock = Date.UTC(2026, 10, 28, 12, 0, 0);
      store = await factory.open(() => clock);
      const vial = newProductSchema.parse({
        name: 'BPC-157',
        category: 'Peptides',
        variants: [
          {
            price: 39.99,
            priceTiers: [{ minQuantity: 10, percentOff: 10 }],
            weightGrams: 20,
            stock: 100,
          },
        ],
      });
      vialId = (await store.products.add(vial)).id;
      const kit = newProductSchema.parse({
        name: 'Cold kit',
        category: 'Kits',
        variants: [{ price: 120, coldPack: true, weightGrams: 900 }],
      });
      kitId = (await store.products.add(kit)).id;
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps codes with their settings, refuses a second with the same code, and switches them off', async () => {
      const created = await discount({ code: 'lab15', value: 15, usageLimit: 10, affiliate: 'Dr Lee' });
      expect(created).toMatchObject({ code: 'LAB15', active: true, uses: 0, commissionPercent: 10 });
      expect(await store.discounts.get('LAB15')).toEqual(created);
      await expect(discount({ code: 'LAB15' })).rejects.toBeInstanceOf(DuplicateDiscountError);
      clock += 1000;
      await discount({ code: 'SPRING', type: 'amount', value: 20 });
      expect((await store.discounts.list()).map((d) => d.code)).toEqual(['SPRING', 'LAB15']);
      expect(await store.discounts.setActive('LAB15', false)).toMatchObject({ code: 'LAB15', active: false });
      expect((await store.discounts.get('LAB15'))?.active).toBe(false);
      await expect(store.discounts.setActive('NOPE', false)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('charges the tier price, the code, the chosen rate and the tax, and keeps them with the order', async () => {
      await discount({ code: 'LAB15', value: 15 });
      const { order } = await place({ discountCode: 'LAB15', shippingOptionId: 'us:express' });
      // 10 × $39.99 at 10% off: $4.00 off each (3.999 rounds half up), $35.99 each.
      expect(order.lines[0]).toMatchObject({
        unitPriceCents: 3599,
        lineTotalCents: 35_990,
        tierPercentOff: 10,
      });
      expect(order.subtotalCents).toBe(35_990);
      // 15% of $359.90 = $53.985 → $53.99.
      expect(order.discount).toEqual({
        code: 'LAB15',
        amountCents: 5399,
        affiliate: null,
        commissionPercent: 0,
      });
      expect(order.shipping).toEqual({ id: 'us:express', label: 'Express', amountCents: 3500 });
      expect(order.shippingCents).toBe(3500);
      // 6.25% of ($305.91 + $35.00) = $21.306875 → $21.31.
      expect(order.taxCents).toBe(2131);
      expect(order.tax).toEqual({
        label: 'MA sales tax',
        ratePercent: 6.25,
        inclusive: false,
        amountCents: 2131,
      });
      expect(order.totalCents).toBe(35_990 - 5399 + 3500 + 2131);
      const stored = await store.orders.get(order.id);
      expect(stored).toMatchObject({
        discount: order.discount,
        shipping: order.shipping,
        taxCents: 2131,
        tax: order.tax,
        totalCents: order.totalCents,
      });
      expect(stored?.lines[0]?.tierPercentOff).toBe(10);
      expect((await store.discounts.get('LAB15'))?.uses).toBe(1);
    });

    it('takes the cheapest rate unless told, adds the cold-pack surcharge, and ships free over the threshold', async () => {
      const { order: vials } = await place({ lines: [{ productId: vialId, quantity: 1 }] });
      expect(vials.shipping).toEqual({ id: 'us:standard', label: 'Standard', amountCents: 1500 });
      const { order: kit } = await place({ lines: [{ productId: kitId, quantity: 1 }] });
      expect(kit.shipping).toEqual({ id: 'us:standard', label: 'Standard (cold-packed)', amountCents: 2250 });
      const { order: big } = await place({ lines: [{ productId: kitId, quantity: 5 }] });
      // $600 is over the $500 threshold: the rate is free, the cold pack is still paid; 4.5 kg is under Freight's 5 kg.
      expect(big.shipping).toEqual({ id: 'us:standard', label: 'Standard (cold-packed)', amountCents: 750 });
      const { order: heavy } = await place({
        lines: [{ productId: kitId, quantity: 6 }],
        shippingOptionId: 'us:heavy',
      });
      expect(heavy.shipping?.id).toBe('us:heavy');
    });

    it('refuses a destination no zone covers, and a rate not offered, writing nothing', async () => {
      const abroad = {
        ...SAMPLE_ADDRESS,
        country: 'GB',
        state: '',
        postalCode: 'SW1A 1AA',
        phone: '+442079460000',
      };
      const error = await rejection(place({ shippingAddress: abroad }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([
        {
          field: 'shippingAddress.country',
          message: 'We have no shipping rate to United Kingdom; choose another country',
        },
      ]);
      const wrong = await rejection(place({ shippingOptionId: 'us:teleport' }));
      expect((wrong as ValidationError).issues[0]?.field).toBe('shippingOptionId');
      expect(await store.orders.listForUser('shopper-1')).toEqual([]);
      expect((await store.products.get(vialId))?.stock).toBe(100);
    });

    it('refuses a code that does not apply, alike for any code nobody can use now, and writes nothing', async () => {
      await discount({ code: 'OFF', value: 10 });
      await store.discounts.setActive('OFF', false);
      await discount({ code: 'LATER', startsAt: '2026-12-01T00:00:00Z' });
      await discount({ code: 'GONE', endsAt: '2026-11-01T00:00:00Z' });
      await discount({ code: 'BIG', minSubtotal: 1000 });
      await discount({ code: 'KITS', categories: ['kits'] });
      const reason = async (code: string) =>
        ((await rejection(place({ discountCode: code }))) as ValidationError).issues[0];
      for (const code of ['NOPE', 'OFF', 'LATER', 'GONE'])
        expect(await reason(code)).toEqual({ field: 'discountCode', message: "This code can't be used" });
      expect((await reason('BIG'))?.message).toBe('Discount code BIG needs a subtotal of $1,000.00 or more');
      expect((await reason('KITS'))?.message).toBe('Discount code KITS is not for the items in your cart');
      expect(await store.orders.listForUser('shopper-1')).toEqual([]);
      for (const code of ['OFF', 'LATER', 'GONE', 'BIG', 'KITS'])
        expect((await store.discounts.get(code))?.uses).toBe(0);
    });

    it('takes a limited code only as often as allowed, and once per shopper when so set', async () => {
      await discount({ code: 'TWICE', usageLimit: 2 });
      await place({ discountCode: 'TWICE', uid: 'a' });
      await place({ discountCode: 'TWICE', uid: 'b' });
      expect(
        ((await rejection(place({ discountCode: 'TWICE', uid: 'c' }))) as ValidationError).issues[0]?.message,
      ).toBe("This code can't be used");
      await discount({ code: 'ONCE', oncePerCustomer: true });
      await place({ discountCode: 'ONCE', uid: 'a' });
      expect(
        ((await rejection(place({ discountCode: 'ONCE', uid: 'a' }))) as ValidationError).issues[0]?.message,
      ).toBe('You have already used discount code ONCE');
      await place({ discountCode: 'ONCE', uid: 'b', email: 'bea@example.com' });
      expect((await store.discounts.get('ONCE'))?.uses).toBe(2);
    });

    it('counts a once-per-customer code once per e-mail too, compared in NFKC lower case without spaces', async () => {
      await discount({ code: 'ONCE', oncePerCustomer: true });
      await place({ discountCode: 'ONCE', uid: 'first-account', email: 'Ada@Example.com' });
      for (const email of ['ada@example.com', ' ADA@EXAMPLE.COM ', 'ａｄａ@example.com'])
        expect(
          ((await rejection(place({ discountCode: 'ONCE', uid: 'throwaway', email }))) as ValidationError)
            .issues[0]?.message,
        ).toBe('You have already used discount code ONCE');
      expect((await store.discounts.get('ONCE'))?.uses).toBe(1);
    });

    it('gives an unpaid order’s use and once-per-customer mark back when it is cancelled, however it is cancelled', async () => {
      await discount({ code: 'SOLO', usageLimit: 1, oncePerCustomer: true });
      const first = (await place({ discountCode: 'SOLO', uid: 'a' })).order;
      expect(
        (
          (await rejection(
            place({ discountCode: 'SOLO', uid: 'b', email: 'bea@example.com' }),
          )) as ValidationError
        ).issues[0]?.message,
      ).toBe(CODE_REFUSAL);
      await store.orders.cancel(first.id, 'Changed my mind');
      expect((await store.discounts.get('SOLO'))?.uses).toBe(0);
      // The same shopper may use it again: their mark went with the use.
      const second = (await place({ discountCode: 'SOLO', uid: 'a' })).order;
      await store.orders.transition(second.id, { type: 'cancel', by: 'shopper' });
      expect((await store.discounts.get('SOLO'))?.uses).toBe(0);
      const third = (await place({ discountCode: 'SOLO', uid: 'c', email: 'cy@example.com' })).order;
      clock = Date.parse('2026-12-15T00:00:00Z');
      await store.orders.transition(third.id, { type: 'overdue', nowMs: clock });
      expect((await store.orders.get(third.id))?.status).toBe('cancelled');
      expect((await store.discounts.get('SOLO'))?.uses).toBe(0);
      const kept = (await place({ discountCode: 'SOLO', uid: 'a' })).order;
      // Cancelled again (staff, twice): given back once.
      await store.orders.cancel(kept.id);
      await store.orders.cancel(kept.id).catch(() => {});
      expect((await store.discounts.get('SOLO'))?.uses).toBe(0);
    });

    it('keeps the use of a paid order that is cancelled (a refund)', async () => {
      await discount({ code: 'PAIDUP', usageLimit: 5, oncePerCustomer: true });
      const paid = (await place({ discountCode: 'PAIDUP', uid: 'a' })).order;
      await store.orders.markPaid(paid.id, { reference: 'wire-9' });
      await store.orders.cancel(paid.id, 'Refunded');
      expect((await store.discounts.get('PAIDUP'))?.uses).toBe(1);
      expect(
        ((await rejection(place({ discountCode: 'PAIDUP', uid: 'a' }))) as ValidationError).issues[0]
          ?.message,
      ).toBe('You have already used discount code PAIDUP');
    });

    it('gives exactly the allowed number of uses to checkouts racing for a limited code', async () => {
      await discount({ code: 'RACE', usageLimit: 3 });
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => place({ discountCode: 'RACE', uid: `racer-${i}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      expect((await store.discounts.get('RACE'))?.uses).toBe(3);
    });

    it('reports affiliates: paid and shipped orders only, commission per order rounded half up', async () => {
      await discount({ code: 'LEE', value: 15, affiliate: 'Dr Lee', commissionPercent: 12.5 });
      await discount({ code: 'SAM', type: 'amount', value: 20, affiliate: 'Sam Lab' });
      const paid = (await place({ discountCode: 'LEE', uid: 'p1' })).order;
      await store.orders.markPaid(paid.id, { reference: 'wire-1' });
      const cancelled = (await place({ discountCode: 'LEE', uid: 'p2' })).order;
      await store.orders.markPaid(cancelled.id, { reference: 'wire-2' });
      await store.orders.cancel(cancelled.id, 'Refunded');
      await place({ discountCode: 'LEE', uid: 'p3' });
      const sam = (
        await place({ discountCode: 'SAM', uid: 'p4', lines: [{ productId: kitId, quantity: 1 }] })
      ).order;
      await store.orders.markPaid(sam.id, { reference: 'wire-3' });
      const { fromMs, toMs } = dayRangeMs('2026-11-01', '2026-11-30');
      // LEE: $359.90 − $53.99 = $305.91; 12.5% = $38.23875 → $38.24. SAM: $120 − $20 = $100; 10% = $10.
      expect(await store.reports.affiliateSales(fromMs, toMs)).toEqual([
        { affiliate: 'Dr Lee', codes: ['LEE'], orders: 1, revenueCents: 30_591, commissionCents: 3824 },
        { affiliate: 'Sam Lab', codes: ['SAM'], orders: 1, revenueCents: 10_000, commissionCents: 1000 },
      ]);
      const { fromMs: decFrom, toMs: decTo } = dayRangeMs('2026-12-01', '2026-12-31');
      expect(await store.reports.affiliateSales(decFrom, decTo)).toEqual([]);
    });

    it('prices an order as before when no rates are given: flat shipping, no tax, no code', async () => {
      const { order } = await place({ rates: undefined, lines: [{ productId: vialId, quantity: 1 }] });
      expect(order).toMatchObject({
        subtotalCents: 3999,
        shippingCents: 1500,
        taxCents: 0,
        totalCents: 5499,
      });
      expect(order.shipping).toEqual({
        id: 'everywhere:standard',
        label: 'Standard shipping',
        amountCents: 1500,
      });
      expect(order.discount).toBeNull();
      expect(order.tax).toBeNull();
    });
  });
}
