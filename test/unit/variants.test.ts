import { describe, expect, it } from 'vitest';
import { parseStoredCart, recheckCart, requestedLine } from '../../shared/domain/cart.js';
import { ValidationError } from '../../shared/domain/errors.js';
import { currentLot } from '../../shared/domain/lot.js';
import { newLotSchema } from '../../shared/domain/lot-schema.js';
import { newProductSchema, productPatchSchema } from '../../shared/domain/product.js';
import { newProductState, patchedProductState } from '../../shared/domain/product-state.js';
import { isValidCasNumber } from '../../shared/domain/specs.js';
import { specsSchema } from '../../shared/domain/specs-schema.js';
import {
  hasBuyableVariant,
  initialVariant,
  lineTitle,
  pricesDiffer,
  resolveVariant,
  skuKey,
} from '../../shared/domain/variant.js';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

const sizes = { name: 'Size', values: ['5 mg', '10 mg'] };
const twoSizes = {
  name: 'BPC-157',
  options: [sizes],
  variants: [
    { sku: 'BPC-5', options: { Size: '5 mg' }, price: 39.99, stock: 20 },
    { sku: 'BPC-10', options: { Size: '10 mg' }, price: 69.99, stock: null },
  ],
};
let seq = 0;
const nextId = () => `v${++seq}`;

describe('variants', () => {
  it('a product with sizes has one variant per size; its price is the lowest and its stock the tracked total', () => {
    const state = newProductState(newProductSchema.parse(twoSizes), nextId);
    expect(state.variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['BPC-5', 39.99, 20],
      ['BPC-10', 69.99, null],
    ]);
    expect(state.price).toBe(39.99);
    expect(state.stock).toBe(20);
    expect(state.available).toBe(true);
    expect(pricesDiffer(state.variants)).toBe(true);
  });

  it('judges a set of variants and names the field at fault', () => {
    const bad = {
      ...twoSizes,
      variants: [
        { sku: 'X-1', options: { Size: '5 mg' }, price: 10, compareAtPrice: 9 },
        { sku: 'x-1', options: { Size: '5 mg' }, price: 12 },
        { options: { Size: '12 mg' }, price: 12 },
        { options: {}, price: 12 },
      ],
    };
    expect(issuesOf(newProductSchema.safeParse(bad))).toEqual([
      'variants.0.compareAtPrice: Compare-at price must be higher than the price',
      'variants.1.options: Variant 1 has the same options',
      "variants.1.sku: SKU x-1 is also variant 1's",
      'variants.2.options.Size: 12 mg is not one of the Size values (5 mg, 10 mg)',
      'variants.3.options.Size: Choose a Size',
    ]);
  });

  it('a product without options has exactly one variant, and price goes on the variants when there are some', () => {
    expect(
      issuesOf(newProductSchema.safeParse({ name: 'a', variants: [{ price: 1 }, { price: 2 }] })),
    ).toEqual(['variants: A product without options has exactly one variant']);
    expect(issuesOf(newProductSchema.safeParse({ ...twoSizes, price: 5 }))).toEqual([
      'price: Set price on each variant, not on the product',
    ]);
    expect(issuesOf(newProductSchema.safeParse({ name: 'a' }))).toEqual(['price: Price is required']);
    expect(issuesOf(newProductSchema.safeParse({ name: 'a', price: 1, options: [sizes] }))).toEqual([
      'variants: Give the variants of these options',
    ]);
  });

  it('a patch sets the only variant of a product sold one way, and is refused per variant otherwise', () => {
    const single = newProductState(newProductSchema.parse({ name: 'TB-500', price: 30, stock: 4 }), nextId);
    const patched = patchedProductState(single, productPatchSchema.parse({ price: 35, stock: 2 }), nextId);
    expect([patched.price, patched.stock, patched.variants[0]?.id]).toEqual([35, 2, single.variants[0]?.id]);

    const multi = newProductState(newProductSchema.parse(twoSizes), nextId);
    const refused = () => patchedProductState(multi, productPatchSchema.parse({ price: 35 }), nextId);
    expect(refused).toThrow(ValidationError);
    expect(refused).toThrow('price: This product has 2 variants: set price on each variant');
  });

  it('adding a size keeps the existing variants by id and gives the new one an id', () => {
    const multi = newProductState(newProductSchema.parse(twoSizes), nextId);
    const patch = productPatchSchema.parse({
      options: [{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }],
      variants: [...multi.variants, { sku: 'BPC-20', options: { Size: '20 mg' }, price: 120 }],
    });
    const next = patchedProductState(multi, patch, () => 'new-id');
    expect(next.variants.map((v) => v.id)).toEqual([...multi.variants.map((v) => v.id), 'new-id']);
    expect(() =>
      patchedProductState(
        multi,
        productPatchSchema.parse({ variants: [{ ...multi.variants[0]!, id: 'nope' }, multi.variants[1]!] }),
        nextId,
      ),
    ).toThrow('variants.0.id: This product has no variant nope');
  });

  it('a listed size changes only the fields it gives; a new size takes the defaults and needs a price', () => {
    const multi = newProductState(
      newProductSchema.parse({
        ...twoSizes,
        variants: twoSizes.variants.map((v) => ({ ...v, imgUrl: `https://cdn.example/${v.sku}.jpg` })),
      }),
      nextId,
    );
    const [five, ten] = multi.variants;
    const patch = productPatchSchema.parse({
      options: [{ name: 'Size', values: ['5 mg', '10 mg', '20 mg'] }],
      variants: [{ id: five!.id, price: 35 }, { id: ten!.id }, { options: { Size: '20 mg' }, price: 99 }],
    });
    const next = patchedProductState(multi, patch, () => 'new-id');
    expect(next.variants).toEqual([
      { ...five, price: 35 },
      ten,
      {
        id: 'new-id',
        sku: '',
        options: { Size: '20 mg' },
        price: 99,
        compareAtPrice: null,
        stock: null,
        available: true,
        imgUrl: '',
      },
    ]);
    expect(
      issuesOf(
        productPatchSchema.safeParse({ variants: [{ id: five!.id }, { options: { Size: '20 mg' } }] }),
      ),
    ).toEqual(['variants.1.price: A new variant needs a price']);
  });

  it('resolves the variant a line means, and a line without one only on a product sold one way', () => {
    const multi = { variants: [{ id: 'a' }, { id: 'b' }] };
    expect(resolveVariant(multi, 'b')?.id).toBe('b');
    expect(resolveVariant(multi, undefined)).toBeUndefined();
    expect(resolveVariant({ variants: [{ id: 'only' }] }, undefined)?.id).toBe('only');
    expect(resolveVariant(multi, 'zzz')).toBeUndefined();
  });

  it('opens a product page on the requested variant, else the first that can be bought', () => {
    const variants = [
      { id: 'a', available: true, stock: 0 },
      { id: 'b', available: true, stock: 3 },
    ];
    expect(initialVariant({ variants }, 'a')?.id).toBe('a');
    expect(initialVariant({ variants }, null)?.id).toBe('b');
    expect(hasBuyableVariant({ available: true, variants: [variants[0]!] })).toBe(false);
    expect(hasBuyableVariant({ available: false, variants })).toBe(false);
  });

  it('names a line with its option values', () => {
    expect(lineTitle('BPC-157', { Size: '10 mg' })).toBe('BPC-157 — 10 mg');
    expect(lineTitle('BPC-157', { Size: '10 mg', Form: 'Lyophilised' })).toBe(
      'BPC-157 — 10 mg / Lyophilised',
    );
    expect(lineTitle('Bac water', {})).toBe('Bac water');
    expect(skuKey(' bpc-5 ')).toBe(skuKey('BPC-5'));
  });
});

describe('specs', () => {
  it('checks a CAS number with its check digit', () => {
    expect(isValidCasNumber('137525-51-0')).toBe(true); // BPC-157
    expect(isValidCasNumber('7732-18-5')).toBe(true); // water
    expect(isValidCasNumber('137525-51-1')).toBe(false);
    expect(isValidCasNumber('137525510')).toBe(false);
    expect(issuesOf(specsSchema.safeParse({ casNumber: '137525-51-9' }))).toEqual([
      'casNumber: CAS number is not valid: it must look like 137525-51-0 and its last digit must match the check digit',
    ]);
  });

  it('drops empty fields so that only published specs are kept', () => {
    expect(specsSchema.parse({ casNumber: '', purity: ' ≥ 99% ', molecularWeight: 1419.53 })).toEqual({
      purity: '≥ 99%',
      molecularWeight: 1419.53,
    });
  });
});

describe('lots', () => {
  it('takes a lot number as printed, upper-cased, and refuses a test day in the future', () => {
    const lot = newLotSchema.parse({
      lotNumber: ' hx-bpc5-2611 ',
      productId: 'p',
      testedAt: '2026-11-01',
      purity: 99.2,
      coaUrl: '/images/abc.pdf',
    });
    expect(lot.lotNumber).toBe('HX-BPC5-2611');
    const future = newLotSchema.safeParse({ ...lot, testedAt: '2999-01-01' });
    expect(issuesOf(future)).toEqual(['testedAt: Tested date cannot be in the future']);
    expect(issuesOf(newLotSchema.safeParse({ ...lot, testedAt: '2026-02-30' }))).toEqual([
      'testedAt: Tested date must be a real day written YYYY-MM-DD',
    ]);
    expect(issuesOf(newLotSchema.safeParse({ ...lot, coaUrl: 'javascript:alert(1)' }))).toEqual([
      'coaUrl: COA must be an uploaded PDF or an https URL',
    ]);
  });

  it('a variant’s current lot is its most recently tested', () => {
    const at = { seconds: 1, nanoseconds: 0 };
    const lots = [
      { lotNumber: 'A', variantId: 'v', testedAt: '2026-10-01', createdAt: at },
      { lotNumber: 'B', variantId: 'v', testedAt: '2026-11-01', createdAt: at },
      { lotNumber: 'C', variantId: 'w', testedAt: '2026-11-20', createdAt: at },
    ];
    expect(currentLot(lots, 'v')?.lotNumber).toBe('B');
    expect(currentLot(lots, 'x')).toBeUndefined();
  });
});

describe('carts across the change to variants', () => {
  it('a cart saved before variants (keyed by product id) loads and checks out as the product’s only variant', () => {
    const saved = JSON.stringify({
      cartList: { p1: { id: 'p1', name: 'BPC-157', imgUrl: '', price: 39.99, quantity: 2 } },
      cartQuantity: 2,
    });
    const cart = parseStoredCart(saved);
    expect(requestedLine(cart.cartList.p1!)).toEqual({ productId: 'p1', quantity: 2 });
    const check = recheckCart(cart, [
      {
        id: 'p1',
        name: 'BPC-157',
        imgUrl: '',
        price: 39.99,
        variants: [{ id: 'p1', options: {}, price: 39.99, available: true, stock: 5 }],
      },
    ]);
    expect(check.unavailableIds).toEqual([]);
    expect(requestedLine(check.cart.cartList.p1!)).toEqual({ productId: 'p1', variantId: 'p1', quantity: 2 });
  });

  it('a line saved before sizes keeps meaning the old product’s variant after sizes were added to it', () => {
    const cart = parseStoredCart(
      JSON.stringify({
        cartList: { p1: { id: 'p1', name: 'BPC-157', imgUrl: '', price: 39.99, quantity: 1 } },
        cartQuantity: 1,
      }),
    );
    const check = recheckCart(cart, [
      {
        id: 'p1',
        name: 'BPC-157',
        imgUrl: '',
        price: 39.99,
        variants: [
          { id: 'p1', options: { Size: '5 mg' }, price: 39.99, available: true, stock: null },
          { id: 'v10', options: { Size: '10 mg' }, price: 69.99, available: true, stock: null },
        ],
      },
    ]);
    expect(check.unavailableIds).toEqual([]);
    expect(requestedLine(check.cart.cartList.p1!)).toEqual({ productId: 'p1', variantId: 'p1', quantity: 1 });
  });

  it('two sizes of one product are two lines, and a vanished size is flagged', () => {
    const line = { name: 'BPC-157', imgUrl: '', quantity: 1, productId: 'p' };
    const cart = parseStoredCart(
      JSON.stringify({
        cartList: {
          a: { ...line, id: 'a', variantId: 'a', price: 39.99, options: { Size: '5 mg' } },
          b: { ...line, id: 'b', variantId: 'b', price: 69.99, options: { Size: '10 mg' } },
        },
        cartQuantity: 2,
      }),
    );
    expect(cart.cartQuantity).toBe(2);
    const check = recheckCart(cart, [
      {
        id: 'p',
        name: 'BPC-157',
        imgUrl: '',
        price: 39.99,
        variants: [{ id: 'a', options: { Size: '5 mg' }, price: 39.99, available: true, stock: null }],
      },
    ]);
    expect(check.unavailableIds).toEqual(['b']);
  });
});
