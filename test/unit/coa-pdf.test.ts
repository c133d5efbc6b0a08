import { describe, expect, it } from 'vitest';
import { isPdf } from '../../shared/backend/images/sniff.js';
import { coaPdf } from '../../shared/backend/seed/coa-pdf.js';
import { TINY_PNG } from '../support/images.js';
import { pdfText } from '../support/pdf-text.js';

const facts = {
  productName: 'BPC-157',
  variant: '10 mg',
  sku: 'BPC157-10MG',
  lotNumber: 'HX-0101',
  testedAt: '2026-11-01',
  purity: 99.32,
  specs: { casNumber: '137525-51-0', molecularFormula: 'C62H98N16O22', molecularWeight: 1419.53 },
};

describe('a COA is a PDF by its bytes: the %PDF- header and the %%EOF trailer', () => {
  it('takes a generated certificate, and refuses it cut short, a PNG, or text that merely starts like a PDF', async () => {
    const pdf = await coaPdf(facts);
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(pdf.subarray(0, pdf.length - 200))).toBe(false);
    expect(isPdf(TINY_PNG)).toBe(false);
    expect(isPdf(new TextEncoder().encode('%PDF-1.7 and then nothing'))).toBe(false);
    expect(isPdf(new TextEncoder().encode(' %PDF-1.7\n%%EOF\n'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it('the sample certificate is one page naming the product, size, lot, test date, purity, method and that it is sample data', async () => {
    const pdf = await coaPdf(facts);
    const { pages, text } = pdfText(pdf);
    expect(pages).toBe(1);
    for (const shown of ['BPC-157', '10 mg', 'HX-0101', '2026-11-01', '99.32%', 'HPLC / MS', 'Sample data'])
      expect(text).toContain(shown);
  });
});
