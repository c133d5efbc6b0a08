import { describe, expect, it } from 'vitest';
import { newProductSchema } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import { jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const HOSTILE =
  '<p>Lyophilised <strong>powder</strong><script>alert("x")</script></p>' +
  '<p onclick="steal()"><em>Store cold</em></p>' +
  '<img src="x" onerror="steal()">' +
  '<a href="javascript:alert(1)">bad link</a> <a href="https://example.org/coa">COA</a>' +
  '<ul><li>item</li></ul>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|alert\("x"\)|onclick|onerror|javascript:|<img/i);
  expect(html).toContain('<strong>powder</strong>');
  expect(html).toContain('<em>Store cold</em>');
  expect(html).toContain('<ul><li>item</li></ul>');
  expect(html).toContain('<a href="https://example.org/coa" rel="noopener noreferrer nofollow">COA</a>');
  expect(html).toContain('<a rel="noopener noreferrer nofollow">bad link</a>');
}

describe('product descriptions are sanitised by the server whatever the client sends', () => {
  it('on create, and the storefront gets the clean HTML', async () => {
    const response = await ctx.t.app.request(
      '/api/admin/products',
      jsonRequest('POST', { name: 'Sanitised peptide', price: 10, description: HOSTILE }, ctx.admin.idToken),
    );
    expect(response.status).toBe(201);
    const { product } = await response.json();
    expectClean(product.description);
    const shown = await (await ctx.t.app.request(`/api/products/${product.id}`)).json();
    expectClean(shown.product.description);
  });

  it('on update', async () => {
    const { id } = await ctx.t.store.products.add(
      newProductSchema.parse({
        name: 'Patched peptide',
        price: 10,
        description: '',
        imgUrl: '',
        category: '',
        brand: '',
        stock: null,
      }),
    );
    const response = await ctx.t.app.request(
      `/api/admin/products/${id}`,
      jsonRequest('PATCH', { description: HOSTILE }, ctx.admin.idToken),
    );
    expect(response.status).toBe(200);
    expectClean((await response.json()).product.description);
    expectClean((await ctx.t.store.products.get(id))!.description);
  });
});
