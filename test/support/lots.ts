import { type CoaFacts, coaPdf } from '../../shared/backend/seed/coa-pdf.js';
import { type NewProduct, newProductSchema } from '../../shared/domain/product.js';

/** BPC-157 in two sizes, each with its SKU: the product the lot tests record lots of. */
export const twoSizeBpc = (): NewProduct =>
  newProductSchema.parse({
    name: 'BPC-157',
    options: [{ name: 'Size', values: ['5 mg', '10 mg'] }],
    variants: [
      { sku: 'BPC157-5MG', options: { Size: '5 mg' }, price: 39.99, stock: 10 },
      { sku: 'BPC157-10MG', options: { Size: '10 mg' }, price: 69.99, stock: 5 },
    ],
    specs: { casNumber: '137525-51-0' },
  });

/** A real certificate (pdfkit) of lot HX-2611-014 of BPC-157 10 mg, or of what `facts` change. */
export async function bpcCoa(facts: Partial<CoaFacts> = {}): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await coaPdf({
    productName: 'BPC-157',
    variant: '10 mg',
    sku: 'BPC157-10MG',
    lotNumber: 'HX-2611-014',
    testedAt: '2026-11-01',
    purity: 99.2,
    specs: { casNumber: '137525-51-0' },
    ...facts,
  });
  return new Uint8Array(pdf);
}
