import { describe, expect, it } from 'vitest';
import { newProductSchema, productNameKey, productPatchSchema } from '../../shared/domain/product.js';

function issues(input: unknown) {
  const result = newProductSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('product validation', () => {
  it('accepts a product sold one way as one variant and fills the optional fields', () => {
    expect(newProductSchema.parse({ name: ' BPC-157 ', price: 39.99 })).toEqual({
      name: 'BPC-157',
      description: '',
      imgUrl: '',
      images: [],
      tags: [],
      category: '',
      brand: '',
      specs: {},
      options: [],
      variants: [
        {
          sku: '',
          options: {},
          price: 39.99,
          compareAtPrice: null,
          stock: null,
          available: true,
          imgUrl: '',
        },
      ],
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
    expect(newProductSchema.parse({ name: 'a', price: 0.1 + 0.2 }).variants[0]?.price).toBe(0.3);
  });

  it('takes stock as a non-negative whole number or none', () => {
    expect(issues({ name: 'a', price: 1, stock: -1 })).toEqual(['stock: Stock cannot be negative']);
    expect(issues({ name: 'a', price: 1, stock: 2.5 })).toEqual(['stock: Stock must be a whole number']);
    expect(issues({ name: 'a', price: 1, stock: null })).toEqual([]);
    expect(issues({ name: 'a', price: 1, stock: 0 })).toEqual([]);
  });

  it('refuses unknown fields', () => {
    expect(issues({ name: 'a', price: 1, colour: 'red' })[0]).toMatch(/colour/);
  });

  it('takes only https image URLs and the shop’s own /images/ paths', () => {
    for (const imgUrl of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/svg+xml,<svg/>',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '\\\\evil/x.png',
      '\\/evil.example/x.png',
      'https:/\\evil.example/x.png',
      'https:evil.example/x.png',
      'http://cdn.example.com/x.png',
      'https://user:secret@cdn.example.com/x.png',
      'https://cdn.example.com/\nx.png',
      '/images/a.png\u0000',
      'java\tscript:alert(1)',
      '/images/../admin/',
      '/images/%2e%2e/admin/',
      '/store',
      'images/a.png',
    ]) {
      expect(issues({ name: 'a', price: 1, imgUrl }), imgUrl).toEqual([
        'imgUrl: Image must be an https URL or one of the shop’s /images/ paths',
      ]);
    }
    for (const imgUrl of [
      '',
      '/images/a.png',
      ' /images/Ab3_x-9.webp ',
      'https://cdn.example.com/bpc.png?v=2',
      // The Storage emulator's download URLs, on this machine only.
      'http://127.0.0.1:9199/v0/b/demo.appspot.com/o/a.png?alt=media',
    ]) {
      expect(issues({ name: 'a', price: 1, imgUrl }), imgUrl).toEqual([]);
    }
  });

  it('patches need at least one field', () => {
    expect(productPatchSchema.safeParse({}).success).toBe(false);
    expect(productPatchSchema.parse({ available: false })).toEqual({ available: false });
  });

  it('compares names trimmed and case-insensitively', () => {
    expect(productNameKey('  BPC-157 ')).toBe(productNameKey('bpc-157'));
  });

  it('compares names after NFKC with invisible characters removed, so look-alikes count as the same', () => {
    const key = productNameKey('BPC-157');
    for (const lookAlike of [
      'BPC-157\u200b', // zero-width space
      '\ufeffBPC-157', // byte order mark
      'BPC\u00ad-157', // soft hyphen
      'BPC\u200d-1\u200c57', // zero-width joiner and non-joiner
      '\u200eBPC-157\u200f', // left-to-right and right-to-left marks
      '\u202eBPC-157\u202c', // bidi override and pop
      'BPC-\u2060157', // word joiner
      'ＢＰＣ－１５７', // full-width forms
      'bpc-157',
    ]) {
      expect(productNameKey(lookAlike), JSON.stringify(lookAlike)).toBe(key);
    }
    expect(productNameKey('BPC-157 5mg')).not.toBe(productNameKey('BPC-157 10mg'));
  });

  it('stores names without white space or invisible characters at the ends, and refuses names of nothing else', () => {
    expect(newProductSchema.parse({ name: '\u200b BPC-157\u200d\ufeff ', price: 1 }).name).toBe('BPC-157');
    expect(newProductSchema.parse({ name: 'BPC\u00ad157', price: 1 }).name).toBe('BPC\u00ad157');
    expect(issues({ name: '\u200b\u200e\ufeff', price: 1 })).toEqual(['name: Name is required']);
    expect(productPatchSchema.parse({ name: 'TB-500\u200b' })).toEqual({ name: 'TB-500' });
  });
});
