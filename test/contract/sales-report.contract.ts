import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { salesSummary } from '../../shared/backend/reports/sales-summary.js';
import { readShopSettings, writeShopSettings } from '../../shared/backend/settings/shop-settings.js';
import type { Store } from '../../shared/backend/store/port.js';
import type { Order } from '../../shared/domain/order.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../shared/domain/sales-report.js';
import { placeStoredOrder } from '../support/place-order.js';
import type { StoreFactory } from './product-store.contract.js';
import { sized } from './variant-store.contract.js';

const at = (day: string, time = '12:00:00.000') => Date.parse(`${day}T${time}Z`);
const day = (d: string) => ({ fromMs: at(d, '00:00:00.000'), toMs: at(d, '00:00:00.000') + 86_400_000 });

/** Staff's figures (dashboard, `shop report sales`): the behaviour every store adapter must show. */
export function describeSalesReportContract(
  adapter: string,
  factory: StoreFactory & { openAgain(now: () => number): Promise<Store> },
): void {
  describe(`${adapter} store: sales reports`, () => {
    let store: Store;
    let clock: number;
    let vial: Product;
    const placeAt = async (ms: number, quantity = 1): Promise<Order> => {
      clock = ms;
      return placeStoredOrder(store.orders, vial.id, quantity);
    };
    const paid = (o: Order) => store.orders.markPaid(o.id, { reference: null });

    beforeEach(async () => {
      clock = at('2026-11-01');
      store = await factory.open(() => clock);
      vial = await store.products.add(newProductSchema.parse({ name: 'Report vial', price: 12.5 }));
    });
    afterEach(async () => {
      await store.close();
    });

    it('totals paid and shipped orders per UTC day they were placed, never pending or cancelled ones', async () => {
      const first = await paid(await placeAt(at('2026-11-02', '00:00:00.000'), 2));
      const second = await paid(await placeAt(at('2026-11-02', '23:59:59.999'), 1));
      await store.orders.markShipped(second.id, { carrier: 'UPS', number: '1Z1' });
      const nextDay = await paid(await placeAt(at('2026-11-03', '00:00:00.000'), 3));
      await placeAt(at('2026-11-02', '10:00:00.000'), 5); // awaiting payment
      await store.orders.cancel((await placeAt(at('2026-11-02', '11:00:00.000'), 4)).id);
      await store.orders.cancel((await paid(await placeAt(at('2026-11-03', '11:00:00.000'), 4))).id);

      expect(await store.reports.salesByDay(day('2026-11-01').fromMs, day('2026-11-03').toMs)).toEqual([
        { day: '2026-11-02', revenueCents: first.totalCents + second.totalCents, orders: 2 },
        { day: '2026-11-03', revenueCents: nextDay.totalCents, orders: 1 },
      ]);
      expect(await store.reports.salesByDay(day('2026-11-02').fromMs, day('2026-11-02').toMs)).toEqual([
        { day: '2026-11-02', revenueCents: first.totalCents + second.totalCents, orders: 2 },
      ]);
      expect(first.totalCents).toBe(2 * 1250 + first.shippingCents);
      expect(await store.reports.salesByDay(day('2026-11-04').fromMs, day('2026-11-30').toMs)).toEqual([]);
    });

    it('counts orders awaiting payment and paid orders awaiting shipment', async () => {
      await placeAt(at('2026-11-02'));
      await placeAt(at('2026-11-02'));
      const toShip = await paid(await placeAt(at('2026-11-03')));
      const shipped = await paid(await placeAt(at('2026-11-03')));
      await store.orders.markShipped(shipped.id, { carrier: '', number: '1Z2' });
      await store.orders.cancel((await placeAt(at('2026-11-03'))).id);
      expect(await store.reports.orderBacklog()).toEqual({ awaitingPayment: 2, awaitingShipment: 1 });
      await store.orders.markShipped(toShip.id, { carrier: '', number: '1Z3' });
      expect(await store.reports.orderBacklog()).toEqual({ awaitingPayment: 2, awaitingShipment: 0 });
    });

    it('lists available sizes at or below the threshold fewest first, and available products none of whose sizes can be bought', async () => {
      const bpc = await store.products.add(sized('BPC-157')); // stock 4 and 2
      const tb = await store.products.add(
        sized('TB-500', {
          variants: [
            { sku: 'TB-5', options: { Size: '5 mg' }, price: 30, stock: 0 },
            { sku: 'TB-10', options: { Size: '10 mg' }, price: 50, stock: 9, available: false },
          ],
        }),
      );
      const hidden = await store.products.add(sized('Hidden'));
      await store.products.setAvailability(hidden.id, false);
      await store.products.add(newProductSchema.parse({ name: 'Untracked', price: 5 }));
      await store.products.add(newProductSchema.parse({ name: 'Plenty', price: 5, stock: 6, sku: 'PL-1' }));
      const low = (p: Product, i: number) => ({
        productId: p.id,
        productName: p.name,
        variantId: p.variants[i]!.id,
        sku: p.variants[i]!.sku,
        options: p.variants[i]!.options,
        stock: p.variants[i]!.stock,
      });

      expect(await store.reports.stockHealth(5, 50)).toEqual({
        lowStock: { total: 3, variants: [low(tb, 0), low(bpc, 1), low(bpc, 0)] },
        unsellable: { total: 1, products: [{ id: tb.id, name: 'TB-500' }] },
      });
      expect(await store.reports.stockHealth(2, 1)).toEqual({
        lowStock: { total: 2, variants: [low(tb, 0)] },
        unsellable: { total: 1, products: [{ id: tb.id, name: 'TB-500' }] },
      });
      await store.products.setAvailability(tb.id, false);
      expect(await store.reports.stockHealth(0, 50)).toEqual({
        lowStock: { total: 0, variants: [] },
        unsellable: { total: 0, products: [] },
      });
    });

    it('keeps the low-stock threshold staff set across reopening, and summarises a range beside the one before it', async () => {
      expect(await readShopSettings(store.meta)).toEqual({ lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD });
      await writeShopSettings(store, { lowStockThreshold: 12 });
      const before = await paid(await placeAt(at('2026-10-31'), 2));
      const inside = await paid(await placeAt(at('2026-11-02'), 1));
      await placeAt(at('2026-11-03'), 1);
      await store.close();
      store = await factory.openAgain(() => clock);

      const summary = await salesSummary(store, { from: '2026-11-01', to: '2026-11-03' });
      expect(summary).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-03',
        timeZone: 'UTC',
        lowStockThreshold: 12,
        days: [
          { day: '2026-11-01', revenueCents: 0, orders: 0 },
          { day: '2026-11-02', revenueCents: inside.totalCents, orders: 1 },
          { day: '2026-11-03', revenueCents: 0, orders: 0 },
        ],
        total: { revenueCents: inside.totalCents, orders: 1 },
        previous: { from: '2026-10-29', to: '2026-10-31', revenueCents: before.totalCents, orders: 1 },
        backlog: { awaitingPayment: 1, awaitingShipment: 2 },
      });
    });
  });
}
