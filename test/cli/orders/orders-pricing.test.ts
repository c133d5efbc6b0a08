import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import type { PlaceOrder } from '../../../shared/backend/store/port.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import { newDiscountSchema } from '../../../shared/domain/discount.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import { shippingConfigSchema } from '../../../shared/domain/shipping-rates.js';
import { taxConfigSchema } from '../../../shared/domain/tax-rates.js';
import { ADDRESSES_ABROAD } from '../../support/addresses-abroad.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';
import { TEST_ADDRESS } from '../../support/constants.js';

const data = tempDataDir('orders-pricing');
afterAll(() => data.remove());
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const PLACED_AT = Date.UTC(2026, 10, 20, 10, 0, 0);

const rates = {
  shipping: shippingConfigSchema.parse({
    zones: [
      {
        id: 'us',
        name: 'United States',
        countries: ['US'],
        rates: [{ id: 'ground', label: 'Ground', amount: 8 }],
      },
      {
        id: 'world',
        name: 'Rest of world',
        countries: ['*'],
        rates: [{ id: 'air', label: 'Airmail', amount: 20 }],
      },
    ],
  }),
  tax: taxConfigSchema.parse({
    rates: [
      { country: 'US', region: 'MA', label: 'Sales tax', ratePercent: 6.25 },
      { country: 'GB', label: 'VAT', ratePercent: 20, inclusive: true },
    ],
  }),
};

let boston: Order;
let london: Order;

/**
 * Boston: 3 × $40.00 at the 10% tier = $108.00; LAB15 takes 15% (16.20); Ground $8.00; 6.25% sales tax
 * added on 91.80 + 8.00 = 99.80 → 6.2375 → $6.24; total $106.04.
 * London: 1 × $40.00, Airmail $20.00; 20% VAT inside the $60.00: 60 × 20/120 = $10.00; total $60.00.
 */
beforeAll(async () => {
  let clock = PLACED_AT;
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }), now: () => clock });
  try {
    const product = newProductSchema.parse({ name: 'Tiered vial', price: 40, sku: 'TIER-10', stock: 20 });
    product.variants[0]!.priceTiers = [{ minQuantity: 3, percentOff: 10 }];
    const { id: productId } = await store.products.add(product);
    await store.discounts.create(
      newDiscountSchema.parse({
        code: 'LAB15',
        type: 'percent',
        value: 15,
        affiliate: 'Lab Co',
        commissionPercent: 12.5,
      }),
    );
    const place = async (request: Partial<PlaceOrder>) =>
      (
        await store.orders.place({
          uid: 'uid-pricing',
          email: 'pricing@example.com',
          lines: [{ productId, quantity: 1 }],
          shippingAddress: { ...TEST_ADDRESS, line2: '' },
          paymentProvider: 'manual',
          idempotencyKey: randomUUID(),
          rates,
          ...request,
        })
      ).order;
    boston = await place({ lines: [{ productId, quantity: 3 }], discountCode: 'LAB15' });
    clock += 60_000;
    const gb = ADDRESSES_ABROAD.GB;
    london = await place({
      shippingAddress: { ...TEST_ADDRESS, line2: '', ...gb, phone: gb.e164, country: 'GB' },
    });
  } finally {
    await store.close();
  }
});

describe('shop orders show: the code, the shipping rate, the tax and the tier', () => {
  it('prints each on its own line below the lines', async () => {
    const shown = await shop('orders', 'show', boston.number);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      [
        '  3 × Tiered vial (SKU TIER-10) @ $36.00 (quantity tier 10% off) = $108.00',
        '  Subtotal: $108.00',
        '  Discount LAB15 (affiliate Lab Co, 12.5% commission): −$16.20',
        '  Shipping — Ground: $8.00',
        '  Sales tax 6.25%, added: $6.24',
        '  Total: $106.04',
        '',
      ].join('\n'),
    );
  });

  it('says a tax was included in the prices, and prints no discount line without a code', async () => {
    const shown = await shop('orders', 'show', london.number);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      [
        '  1 × Tiered vial (SKU TIER-10) @ $40.00 = $40.00',
        '  Subtotal: $40.00',
        '  Shipping — Airmail: $20.00',
        '  VAT 20%, included in the prices: $10.00',
        '  Total: $60.00',
        '',
      ].join('\n'),
    );
    expect(shown.stdout).not.toContain('Discount');
  });

  it('--json prints the order with its discount, shipping, tax and tier', async () => {
    const result = await shop('--json', 'orders', 'show', boston.number);
    expect(result.exitCode, result.stderr).toBe(0);
    const order = JSON.parse(result.stdout) as Order;
    expect(order).toMatchObject({
      subtotalCents: 10_800,
      discount: { code: 'LAB15', amountCents: 1_620, affiliate: 'Lab Co', commissionPercent: 12.5 },
      shipping: { id: 'us:ground', label: 'Ground', amountCents: 800 },
      shippingCents: 800,
      taxCents: 624,
      tax: { label: 'Sales tax', ratePercent: 6.25, inclusive: false, amountCents: 624 },
      totalCents: 10_604,
    });
    expect(order.lines[0]).toMatchObject({
      unitPriceCents: 3_600,
      lineTotalCents: 10_800,
      tierPercentOff: 10,
    });
  });
});

describe('shop orders export: the code, shipping option and tax in columns after the older ones', () => {
  it('fills them for each order', async () => {
    const result = await shop('orders', 'export');
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...rows] = parse(result.stdout) as string[][];
    const added = [
      'discount_code',
      'discount',
      'shipping_option',
      'tax_label',
      'tax_rate',
      'tax_inclusive',
      'tax',
      'cold_pack',
    ];
    expect(header!.slice(-added.length)).toEqual(added);
    expect(rows.map((r) => [r[0], ...r.slice(-added.length)])).toEqual([
      [boston.number, 'LAB15', '16.20', 'Ground', 'Sales tax', '6.25', 'no', '6.24', 'no'],
      [london.number, '', '0.00', 'Airmail', 'VAT', '20', 'yes', '10.00', 'no'],
    ]);
  });
});
