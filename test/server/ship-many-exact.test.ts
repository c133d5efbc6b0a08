import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain/order.js';
import type { OrderPage } from '../../shared/domain/order-listing.js';
import { newProductSchema } from '../../shared/domain/product.js';
import type { ShipmentReport } from '../../shared/domain/shipment-report.js';
import { adminAppForFile } from '../support/admin-app.js';
import { TEST_ADDRESS } from '../support/constants.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();
let asked: Order;

/** A paid order, then 26 newer orders by someone else whose ship-to name is that order's number. */
beforeAll(async () => {
  const { id } = await ctx.t.store.products.add(
    newProductSchema.parse({ name: `Decoyed ${randomUUID()}`, price: 10 }),
  );
  const place = async (fullName: string) =>
    (
      await ctx.t.store.orders.place({
        uid: `uid-${fullName}`,
        email: 'someone@example.com',
        lines: [{ productId: id, quantity: 1 }],
        shippingAddress: { ...TEST_ADDRESS, line2: '', fullName },
        paymentProvider: 'manual',
        idempotencyKey: randomUUID(),
      })
    ).order;
  asked = await ctx.t.store.orders.markPaid((await place('Ada Lovelace')).id, { reference: null });
  for (let i = 0; i < 26; i++) {
    await new Promise((resolve) => setTimeout(resolve, 2)); // newer than the order asked for
    await place(asked.number);
  }
});

const call = (method: string, path: string, body?: unknown) =>
  ctx.t.app.request(`/api/admin/orders${path}`, jsonRequest(method, body, ctx.admin.idToken));

describe('orders are found by their exact number, whatever ship-to names say', () => {
  it('ships the order a CSV row names, not hidden by 26 orders shipping to a name equal to its number', async () => {
    const csv = `order,tracking,carrier\n${asked.number.toLowerCase()},1Z999AA10123456784,UPS\n`;
    const response = await call('POST', '/ship-many', { csv });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()) as ShipmentReport).toMatchObject({ shipped: 1, rejected: 0 });
    expect((await ctx.t.store.orders.get(asked.id))!.status).toBe('shipped');
  });

  it('lists the order with the number searched for first in the admin search, the name matches after it', async () => {
    const response = await call('GET', `?status=all&q=${asked.number}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as OrderPage;
    expect(page.total).toBe(27);
    expect(page.orders[0]!.id).toBe(asked.id);
  });
});
