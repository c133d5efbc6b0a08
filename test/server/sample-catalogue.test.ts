import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPdf } from '../../shared/backend/images/sniff.js';
import { seedSampleCatalogue } from '../../shared/backend/seed/seed-catalogue.js';
import type { Product } from '../../shared/domain/product.js';
import { isValidCasNumber } from '../../shared/domain/specs.js';
import { variantTitle } from '../../shared/domain/variant.js';
import { listedProducts } from '../support/listed-products.js';
import { pdfText } from '../support/pdf-text.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let added: { products: number; lots: number };
let products: Product[];

beforeAll(async () => {
  t = createTestApp();
  added = await seedSampleCatalogue(t.store, t.deps.images);
  products = await listedProducts((path) => t.app.request(path));
});
afterAll(() => t.close());

const byName = (name: string) => products.find((p) => p.name === name)!;
const sizes = (name: string) => byName(name).variants.map(variantTitle);

describe('the sample catalogue a new shop starts with', () => {
  it('sells compounds in several sizes, each size with its own SKU and price, and some products one way', () => {
    expect(added.products).toBe(products.length);
    expect(sizes('BPC-157')).toEqual(['5 mg', '10 mg']);
    expect(sizes('TB-500')).toEqual(['2 mg', '5 mg', '10 mg']);
    expect(byName('BPC-157').options).toEqual([{ name: 'Size', values: ['5 mg', '10 mg'] }]);
    expect(products.filter((p) => p.variants.length > 1).length).toBeGreaterThanOrEqual(8);
    const oneWay = products.filter((p) => p.variants.length === 1);
    expect(oneWay.length).toBeGreaterThanOrEqual(3);
    for (const p of oneWay) expect(p.options).toEqual([]);
    const skus = products.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    expect(skus.every((sku) => sku !== '')).toBe(true);
    // The product's price is its lowest size's.
    expect(byName('BPC-157').price).toBe(39.99);
  });

  it('publishes specs with real CAS numbers (check digit right), formulas and weights, and sorts into categories and brands', () => {
    expect(byName('BPC-157').specs).toMatchObject({
      casNumber: '137525-51-0',
      molecularFormula: 'C62H98N16O22',
      sequence: 'Gly-Glu-Pro-Pro-Pro-Gly-Lys-Pro-Ala-Asp-Asp-Ala-Gly-Leu-Val',
    });
    expect(byName('TB-500').specs.casNumber).toBe('77591-33-4');
    const withCas = products.filter((p) => p.specs.casNumber);
    expect(withCas.length).toBeGreaterThanOrEqual(12);
    for (const p of withCas) {
      expect(isValidCasNumber(p.specs.casNumber!), p.name).toBe(true);
      expect(p.specs.molecularFormula, p.name).toMatch(/^C\d+H\d+/);
      expect(p.specs.molecularWeight, p.name).toBeGreaterThan(100);
    }
    expect(new Set(products.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(products.map((p) => p.brand)).size).toBeGreaterThanOrEqual(3);
  });

  it('has a lot for every size, verifiable by number, whose COA the shop serves as a one-page PDF naming it', async () => {
    let lots = 0;
    for (const product of products) {
      const listed = (await (await t.app.request(`/api/products/${product.id}/lots`)).json()).lots;
      for (const variant of product.variants) {
        const lot = listed.find((l: { variantId: string }) => l.variantId === variant.id);
        expect(lot, `${product.name} ${variantTitle(variant)}`).toBeDefined();
        lots++;
        const verified = await t.app.request(`/api/lots/${lot.lotNumber.toLowerCase()}`);
        expect(verified.status).toBe(200);
        expect((await verified.json()).variant.sku).toBe(variant.sku);

        const coa = await t.app.request(lot.coaUrl);
        expect(coa.status).toBe(200);
        expect(coa.headers.get('content-type')).toBe('application/pdf');
        const bytes = new Uint8Array(await coa.arrayBuffer());
        expect(isPdf(bytes)).toBe(true);
        const { pages, text } = pdfText(bytes);
        expect(pages).toBe(1);
        for (const shown of [
          product.name,
          lot.lotNumber,
          lot.testedAt,
          `${lot.purity.toFixed(2)}%`,
          'Sample data',
        ])
          expect(text).toContain(shown);
        if (product.variants.length > 1) expect(text).toContain(variantTitle(variant));
      }
    }
    expect(added.lots).toBe(lots);
  });

  it('seeding again adds nothing', async () => {
    expect(await seedSampleCatalogue(t.store, t.deps.images)).toEqual({ products: 0, lots: 0 });
  });
});
