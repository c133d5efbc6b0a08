import { describe, expect, it } from 'vitest';
import { namesInUse } from '../../shared/backend/images/prune-unused.js';
import type { Lot } from '../../shared/domain/lot.js';
import type { Product } from '../../shared/domain/product.js';

const product = (fields: Partial<Product>) =>
  ({ id: 'p1', name: 'Peptide', imgUrl: '', description: '', ...fields }) as Product;
const A = 'AAAAAAAAAAAAAAAAAAAA.png';
const B = 'BBBBBBBBBBBBBBBBBBBB.webp';
const C = 'CCCCCCCCCCCCCCCCCCCC.jpg';

describe('an image is in use when any field of any product mentions its name', () => {
  it('finds it in a site path, in a bucket download URL (folder encoded, token after), and in a description link', () => {
    const products = [
      product({ imgUrl: `/images/${A}` }),
      product({
        imgUrl: `https://firebasestorage.googleapis.com/v0/b/shop/o/product-images%2F${B}?alt=media&token=1`,
      }),
      product({ description: `<p><a href="https://shop.example/images/${C}">photo</a></p>` }),
    ];
    expect(namesInUse(products, new Set([A, B, C]))).toEqual(new Set([A, B, C]));
  });

  it('does not count a name no product mentions, nor the same letters with another type', () => {
    const products = [product({ imgUrl: `/images/${A.replace('.png', '.jpg')}` })];
    expect(namesInUse(products, new Set([A, B]))).toEqual(new Set());
  });

  it('counts two names written one after the other', () => {
    const products = [product({ description: `${A}${B}` })];
    expect(namesInUse(products, new Set([A, B]))).toEqual(new Set([A, B]));
  });

  it('counts a lot’s COA PDF by its coaUrl, as a site path or a bucket download URL', () => {
    const lot = (coaUrl: string) =>
      ({
        lotNumber: 'HX-1',
        productId: 'p1',
        variantId: 'p1',
        testedAt: '2026-11-01',
        purity: 99,
        coaUrl,
      }) as Lot;
    const [D, E] = ['DDDDDDDDDDDDDDDDDDDD.pdf', 'EEEEEEEEEEEEEEEEEEEE.pdf'];
    const lots = [
      lot(`/images/${D}`),
      lot(`https://firebasestorage.googleapis.com/v0/b/shop/o/product-images%2F${E}?alt=media&token=1`),
    ];
    expect(namesInUse(lots, new Set([D, E, A]))).toEqual(new Set([D, E]));
  });
});
