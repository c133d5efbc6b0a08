import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../shared/api/errors.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();
const asAdmin = (method: string, path: string, body?: unknown) =>
  ctx.t.app.request(`/api${path}`, jsonRequest(method, body, ctx.admin.idToken));
const fieldsOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error.fields;
const WHY = '99% off $0.33 leaves $0.00 a unit: a tier must leave at least $0.01';

describe('a quantity tier never makes a size free', () => {
  it('refuses a 99% tier on a $0.33 size, naming the tier, when created, when the tier is added and when the price drops', async () => {
    const swab = await asAdmin('POST', '/admin/products', { name: 'Tier floor swab', price: 0.33 });
    expect(swab.status).toBe(201);
    const product = ((await swab.json()) as { product: Product }).product;
    const variantId = product.variants[0]!.id;

    const created = await asAdmin('POST', '/admin/products', {
      name: 'Tier floor pad',
      variants: [{ price: 0.33, priceTiers: [{ minQuantity: 10, percentOff: 99 }] }],
    });
    expect(created.status).toBe(400);
    expect(await fieldsOf(created)).toEqual([{ field: 'variants.0.priceTiers.0.percentOff', message: WHY }]);

    const tiered = await asAdmin('PATCH', `/admin/products/${product.id}/variants/${variantId}`, {
      priceTiers: [
        { minQuantity: 20, percentOff: 50 },
        { minQuantity: 10, percentOff: 99 },
      ],
    });
    expect(tiered.status).toBe(400);
    expect(await fieldsOf(tiered)).toEqual([{ field: 'variants.0.priceTiers.1.percentOff', message: WHY }]);

    const fine = await asAdmin('PATCH', `/admin/products/${product.id}/variants/${variantId}`, {
      price: 33,
      priceTiers: [{ minQuantity: 10, percentOff: 99 }],
    });
    expect(fine.status).toBe(200);
    const cheaper = await asAdmin('PATCH', `/admin/products/${product.id}`, { price: 0.33 });
    expect(cheaper.status).toBe(400);
    expect(await fieldsOf(cheaper)).toEqual([{ field: 'variants.0.priceTiers.0.percentOff', message: WHY }]);
    expect((await ctx.t.store.products.get(product.id))!.variants[0]!.price).toBe(33);
  });

  it('charges a cent a unit for such a tier saved before the rule, in the quote and the order total', async () => {
    const valid = newProductSchema.parse({ name: 'Tier floor legacy', price: 0.33 });
    // As an older shop stored it: the tier is written past today's rule.
    valid.variants[0]!.priceTiers = [{ minQuantity: 10, percentOff: 99 }];
    const { id } = await ctx.t.store.products.add(valid);
    const quote = await ctx.t.app.request(
      '/api/checkout/quote',
      jsonRequest('POST', { lines: [{ productId: id, quantity: 10 }] }),
    );
    expect(quote.status).toBe(200);
    const q = (await quote.json()) as { lines: { unitPriceCents: number }[]; subtotalCents: number };
    expect(q.lines[0]!.unitPriceCents).toBe(1);
    expect(q.subtotalCents).toBe(10);
  });
});
