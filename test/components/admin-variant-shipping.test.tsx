import { describe, expect, it } from 'vitest';
import {
  changedFields,
  editPatch,
  formValuesOf,
  type ProductFormValues,
  shownValue,
  toProductInput,
} from '../../admin-web/src/products/product-form-values.js';
import type { Product } from '../../shared/domain/product.js';
import type { Variant } from '../../shared/domain/variant.js';

const at = { seconds: 1_700_000_000, nanoseconds: 0 };
const size = (id: string, mg: string, price: number, extra: Partial<Variant> = {}): Variant => ({
  id,
  sku: `TB-${mg}`,
  options: { Size: `${mg} mg` },
  price,
  compareAtPrice: null,
  stock: 10,
  available: true,
  imgUrl: '',
  ...extra,
});
const product = (variants: Variant[], options = [{ name: 'Size', values: ['5 mg', '10 mg'] }]): Product => ({
  id: 'tb',
  name: 'TB-500',
  price: 30,
  available: true,
  description: '',
  imgUrl: '',
  images: [],
  tags: [],
  category: 'Recovery',
  brand: '',
  stock: 20,
  options,
  variants,
  specs: {},
  createdAt: at,
  updatedAt: at,
  version: 1,
});
const twoSizes = product([size('v5', '5', 30), size('v10', '10', 50)]);

const patchOf = (opened: ProductFormValues, edited: ProductFormValues) => {
  const checked = toProductInput(edited);
  if (checked.errors) throw new Error(JSON.stringify(checked.errors));
  return editPatch(opened, edited, checked.input);
};

describe('a size’s weight, cold pack and quantity prices in the editor', () => {
  it('sends them for the size they were set on, and nothing new for the other', () => {
    const opened = formValuesOf(twoSizes);
    const edited = structuredClone(opened);
    Object.assign(edited.variants[1]!, {
      weightGrams: '120',
      coldPack: true,
      priceTiers: [
        { minQuantity: '10', percentOff: '10' },
        { minQuantity: '5', percentOff: '2.5' },
      ],
    });
    expect(changedFields(opened, edited)).toEqual(['variants']);
    const patch = patchOf(opened, edited);
    expect(patch.variants![1]).toEqual({
      id: 'v10',
      sku: 'TB-10',
      options: { Size: '10 mg' },
      price: 50,
      compareAtPrice: null,
      stock: 10,
      available: true,
      imgUrl: '',
      priceTiers: [
        { minQuantity: 10, percentOff: 10 },
        { minQuantity: 5, percentOff: 2.5 },
      ],
      weightGrams: 120,
      coldPack: true,
    });
    expect(Object.keys(patch.variants![0]!)).not.toContain('priceTiers');
    expect(shownValue(edited, 'variants')).toBe(
      '5 mg: TB-5, $30.00, stock 10; 10 mg: TB-10, $50.00, stock 10, 120 g, cold pack, 10+ at 10% off, 5+ at 2.5% off',
    );
  });

  it('opens a size with its stored tiers and sends them cleared when the admin removes them', () => {
    const stored = product([
      size('v5', '5', 30),
      size('v10', '10', 50, {
        priceTiers: [{ minQuantity: 10, percentOff: 10 }],
        weightGrams: 80,
        coldPack: true,
      }),
    ]);
    const opened = formValuesOf(stored);
    expect(opened.variants[1]).toMatchObject({
      weightGrams: '80',
      coldPack: true,
      priceTiers: [{ minQuantity: '10', percentOff: '10' }],
    });
    const edited = structuredClone(opened);
    Object.assign(edited.variants[1]!, { weightGrams: '', coldPack: false, priceTiers: [] });
    expect(patchOf(opened, edited).variants![1]).toMatchObject({
      id: 'v10',
      priceTiers: [],
      weightGrams: null,
      coldPack: false,
    });
  });

  it('sends the only size of a product sold one way whole when its weight changes', () => {
    const single = formValuesOf(product([{ ...size('only', '5', 30), options: {} }], []));
    const edited = structuredClone(single);
    edited.variants[0]!.weightGrams = '25';
    expect(changedFields(single, edited)).toEqual(['variants']);
    expect(patchOf(single, edited)).toEqual({
      options: [],
      variants: [
        {
          id: 'only',
          sku: 'TB-5',
          options: {},
          price: 30,
          compareAtPrice: null,
          stock: 10,
          available: true,
          imgUrl: '',
          priceTiers: [],
          weightGrams: 25,
          coldPack: false,
        },
      ],
    });
  });

  it('names a tier below 2 units, a tier given twice and a fractional weight by their fields', () => {
    const values = formValuesOf(twoSizes);
    Object.assign(values.variants[0]!, {
      priceTiers: [{ minQuantity: '1', percentOff: '5' }],
      weightGrams: '1.5',
    });
    Object.assign(values.variants[1]!, {
      priceTiers: [
        { minQuantity: '10', percentOff: '5' },
        { minQuantity: '10', percentOff: '' },
      ],
    });
    const { errors } = toProductInput(values);
    expect(errors).toEqual({
      'variants.0.priceTiers.0.minQuantity': 'A tier starts at a quantity of 2 or more',
      'variants.0.weightGrams': 'Weight must be a whole number of grams',
      'variants.1.priceTiers.1.percentOff': "A tier's percentage off must be a number",
    });
  });

  it('refuses a tier that would sell a size for less than a cent, saying why, under the tier the admin wrote', () => {
    const values = formValuesOf(product([size('v5', '5', 30), size('v10', '10', 0.33)]));
    Object.assign(values.variants[1]!, {
      priceTiers: [
        { minQuantity: '20', percentOff: '10' },
        { minQuantity: '10', percentOff: '99' },
      ],
    });
    expect(toProductInput(values).errors).toEqual({
      'variants.1.priceTiers.1.percentOff':
        '99% off $0.33 leaves $0.00 a unit: a tier must leave at least $0.01',
    });
    values.variants[1]!.priceTiers[1]!.percentOff = '98';
    expect(toProductInput(values).errors).toBeNull();
  });
});
