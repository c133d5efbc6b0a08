import { describe, expect, it } from 'vitest';
import { metadataHead, pageMetadata } from '../../shared/domain/page-metadata.js';
import { newProductSchema, type Product } from '../../shared/domain/product.js';
import { newProductState } from '../../shared/domain/product-state.js';

const ORIGIN = 'https://shop.example';

function product(fields: Record<string, unknown>): Product {
  const now = { seconds: 1_780_000_000, nanoseconds: 0 };
  return {
    ...newProductState(newProductSchema.parse({ price: 10, ...fields }), () => 'v1'),
    id: 'p1',
    createdAt: now,
    updatedAt: now,
    version: 1,
  } as Product;
}

describe('page metadata', () => {
  it('keeps a product name that holds markup inside its tags and its JSON-LD script', () => {
    const head = metadataHead(
      pageMetadata(ORIGIN, {
        kind: 'product',
        product: product({ name: 'Evil "</script><script>alert(1)</script>' }),
      }),
    );
    expect(head).not.toContain('<script>alert');
    expect(head).toContain(
      '<title>Evil &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Helix Peptides</title>',
    );
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!;
    expect(JSON.parse(json).name).toBe('Evil "</script><script>alert(1)</script>');
  });

  it('describes a product by its description as plain text, shortened at a word', () => {
    const long = `<p>${'Tested peptide with a certificate '.repeat(10)}</p>`;
    const meta = pageMetadata(ORIGIN, {
      kind: 'product',
      product: product({ name: 'Long', description: long }),
    });
    expect(meta.description.length).toBeLessThanOrEqual(200);
    expect(meta.description).toMatch(/^Tested peptide with a certificate Tested/);
    expect(meta.description.endsWith('…')).toBe(true);
    expect(meta.description).not.toContain('<');
  });
});
