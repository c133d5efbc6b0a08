import { describe, expect, it } from 'vitest';
import { newProductSchema, productPatchSchema } from '../../shared/domain/product.js';
import { newProductState, patchedProductState } from '../../shared/domain/product-state.js';
import { variantPatchSchema } from '../../shared/domain/variant-schema.js';

let ids = 0;
const newId = () => `v${++ids}`;

function issues(
  schema: {
    safeParse(input: unknown): {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const stateOf = (input: Record<string, unknown>) =>
  newProductState(newProductSchema.parse({ name: 'BPC-157', price: 39, ...input }), newId);

describe('a product’s gallery', () => {
  it('keeps the images after the main one in order, without the main image, blanks or repeats', () => {
    const state = stateOf({
      imgUrl: '/images/main.png',
      images: ['/images/b.png', '/images/main.png', '', ' https://cdn.example.com/a.jpg ', '/images/b.png'],
    });
    expect(state.images).toEqual(['/images/b.png', 'https://cdn.example.com/a.jpg']);
  });

  it('refuses an image that is not https or the shop’s own, naming its place in the gallery', () => {
    const input = {
      name: 'a',
      price: 1,
      images: ['/images/a.png', 'https://x.example/b.png', 'javascript:alert(1)'],
    };
    expect(issues(newProductSchema, input)).toEqual([
      'images.2: Image must be an https URL or one of the shop’s /images/ paths',
    ]);
    expect(issues(productPatchSchema, { images: ['//evil.example/x.png'] })).toEqual([
      'images.0: Image must be an https URL or one of the shop’s /images/ paths',
    ]);
    expect(issues(productPatchSchema, { images: '/images/a.png' })).toEqual([
      'images: images must be a list of image URLs',
    ]);
  });

  it('holds at most 50 images', () => {
    const images = (n: number) => Array.from({ length: n }, (_, i) => `/images/p${i}.png`);
    expect(issues(newProductSchema, { name: 'a', price: 1, images: images(50) })).toEqual([]);
    expect(issues(newProductSchema, { name: 'a', price: 1, images: images(51) })).toEqual([
      'images: A product can have at most 50 gallery images',
    ]);
  });

  it('drops the gallery’s copy of an image that a patch makes the main one, and keeps the gallery on other patches', () => {
    const state = stateOf({ imgUrl: '/images/main.png', images: ['/images/b.png', '/images/c.png'] });
    const promoted = patchedProductState(state, productPatchSchema.parse({ imgUrl: '/images/c.png' }), newId);
    expect(promoted).toMatchObject({ imgUrl: '/images/c.png', images: ['/images/b.png'] });
    const renamed = patchedProductState(state, productPatchSchema.parse({ name: 'BPC-157 Arg' }), newId);
    expect(renamed.images).toEqual(state.images);
  });
});

describe('a product’s tags', () => {
  it('keeps tags trimmed and in order, dropping later ones that differ only in case', () => {
    expect(stateOf({ tags: [' Recovery ', 'peptide', 'RECOVERY', 'Peptide', 'Sale'] }).tags).toEqual([
      'Recovery',
      'peptide',
      'Sale',
    ]);
  });

  it('refuses empty tags, tags over 60 characters and tags holding a comma, naming each', () => {
    expect(issues(productPatchSchema, { tags: ['ok', ' ', 'x'.repeat(61), 'a, b'] })).toEqual([
      'tags.1: A tag cannot be empty',
      'tags.2: A tag must be at most 60 characters',
      'tags.3: A tag cannot contain a comma',
    ]);
    expect(issues(productPatchSchema, { tags: ['x'.repeat(60)] })).toEqual([]);
  });

  it('holds at most 50 tags', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `tag ${i}`);
    expect(issues(productPatchSchema, { tags: tags(50) })).toEqual([]);
    expect(issues(productPatchSchema, { tags: tags(51) })).toEqual([
      'tags: A product can have at most 50 tags',
    ]);
  });
});

describe('a size’s image', () => {
  it('is none unless given, and is judged as the main image is, naming the variant', () => {
    const sized = {
      name: 'a',
      options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
      variants: [
        { options: { Size: '5 mg' }, price: 1, imgUrl: '/images/five.png' },
        { options: { Size: '10 mg' }, price: 2, imgUrl: 'data:image/png;base64,AAAA' },
      ],
    };
    expect(issues(newProductSchema, sized)).toEqual([
      'variants.1.imgUrl: Image must be an https URL or one of the shop’s /images/ paths',
    ]);
    const [five, ten] = newProductSchema.parse({
      ...sized,
      variants: [sized.variants[0], { options: { Size: '10 mg' }, price: 2 }],
    }).variants;
    expect([five?.imgUrl, ten?.imgUrl]).toEqual(['/images/five.png', '']);
    expect(variantPatchSchema.parse({ imgUrl: ' /images/ten.png ' })).toEqual({ imgUrl: '/images/ten.png' });
  });
});
