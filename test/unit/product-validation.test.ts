import { describe, expect, it } from 'vitest';
import { newProductSchema, productNameKey, productPatchSchema } from '../../shared/domain/product.js';

function issues(input: unknown) {
  const result = newProductSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('product validation', () => {
  it('accepts a product and fills the optional fields', () => {
    expect(newProductSchema.parse({ name: ' BPC-157 ', price: 39.99 })).toEqual({
      name: 'BPC-157',
      price: 39.99,
      description: '',
      imgUrl: '',
      category: '',
      brand: '',
      stock: null,
    });
  });

  it('requires a trimmed, non-empty name of sensible length', () => {
    expect(issues({ name: '   ', price: 1 })).toEqual(['name: Name is required']);
    expect(issues({ price: 1 })).toEqual(['name: Name is required']);
    expect(issues({ name: 'x'.repeat(121), price: 1 })).toEqual([
      'name: Name must be at most 120 characters',
    ]);
    expect(issues({ name: 'x'.repeat(120), price: 1 })).toEqual([]);
  });

  it('requires a finite positive price with at most 2 decimals', () => {
    expect(issues({ name: 'a', price: 0 })).toEqual(['price: Price must be greater than 0']);
    expect(issues({ name: 'a', price: -5 })).toEqual(['price: Price must be greater than 0']);
    expect(issues({ name: 'a', price: 1.234 })).toEqual(['price: Price can have at most 2 decimal places']);
    expect(issues({ name: 'a', price: Number.POSITIVE_INFINITY })).toEqual(['price: Price must be a number']);
    expect(issues({ name: 'a', price: '12' })).toEqual(['price: Price must be a number']);
    expect(issues({ name: 'a', price: 2_000_000 })).toEqual(['price: Price must be at most 1000000']);
    expect(newProductSchema.parse({ name: 'a', price: 0.1 + 0.2 }).price).toBe(0.3);
  });

  it('takes stock as a non-negative whole number or none', () => {
    expect(issues({ name: 'a', price: 1, stock: -1 })).toEqual(['stock: Stock cannot be negative']);
    expect(issues({ name: 'a', price: 1, stock: 2.5 })).toEqual(['stock: Stock must be a whole number']);
    expect(issues({ name: 'a', price: 1, stock: null })).toEqual([]);
    expect(issues({ name: 'a', price: 1, stock: 0 })).toEqual([]);
  });

  it('refuses unknown fields and unsafe image URLs', () => {
    expect(issues({ name: 'a', price: 1, colour: 'red' })[0]).toMatch(/colour/);
    expect(issues({ name: 'a', price: 1, imgUrl: 'javascript:alert(1)' })).toEqual([
      'imgUrl: Image must be a site path or an http(s) URL',
    ]);
    expect(issues({ name: 'a', price: 1, imgUrl: '//evil.example/x.png' })).toHaveLength(1);
    expect(issues({ name: 'a', price: 1, imgUrl: '/images/a.png' })).toEqual([]);
  });

  it('patches need at least one field', () => {
    expect(productPatchSchema.safeParse({}).success).toBe(false);
    expect(productPatchSchema.parse({ available: false })).toEqual({ available: false });
  });

  it('compares names trimmed and case-insensitively', () => {
    expect(productNameKey('  BPC-157 ')).toBe(productNameKey('bpc-157'));
  });
});
