import PDFDocument from 'pdfkit';
import { COMPANY_NAME, STORE_ADDRESS, STORE_DISPLAY_NAME } from '../../domain/constants.js';
import type { ProductSpecs } from '../../domain/specs.js';

export interface CoaFacts {
  productName: string;
  /** The variant as shoppers see it, e.g. "10 mg"; '' for a product sold one way. */
  variant: string;
  sku: string;
  lotNumber: string;
  testedAt: string;
  purity: number;
  specs: ProductSpecs;
}

/**
 * A one-page certificate of analysis, made in memory with pdfkit (no network, no files): what the
 * sample catalogue's lots link to. It says plainly that it is sample data.
 */
export function coaPdf(facts: CoaFacts): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Certificate of analysis — lot ${facts.lotNumber}`, Author: STORE_DISPLAY_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#0f172a').text(STORE_DISPLAY_NAME);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#475569')
    .text(`${COMPANY_NAME} · ${STORE_ADDRESS.street}, ${STORE_ADDRESS.city}, ${STORE_ADDRESS.state}`);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#0f172a').text('Certificate of Analysis');
  doc.moveDown(0.8);

  const rows: [string, string][] = [
    ['Product', facts.productName],
    ...(facts.variant ? [['Size', facts.variant] as [string, string]] : []),
    ...(facts.sku ? [['SKU', facts.sku] as [string, string]] : []),
    ['Lot number', facts.lotNumber],
    ['Date of test', facts.testedAt],
    ...(facts.specs.casNumber ? [['CAS number', facts.specs.casNumber] as [string, string]] : []),
    ...(facts.specs.molecularFormula
      ? [['Molecular formula', facts.specs.molecularFormula] as [string, string]]
      : []),
    ...(facts.specs.molecularWeight
      ? [['Molecular weight', `${facts.specs.molecularWeight} g/mol`] as [string, string]]
      : []),
    ...(facts.specs.sequence ? [['Sequence', facts.specs.sequence] as [string, string]] : []),
  ];
  for (const [label, value] of rows) row(doc, label, value);

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#0f172a').text('Results');
  doc.moveDown(0.4);
  row(doc, 'Purity (HPLC, 220 nm)', `${facts.purity.toFixed(2)}%`);
  row(doc, 'Identity (ESI-MS)', 'Conforms: observed mass matches the calculated mass');
  row(doc, 'Appearance', facts.specs.form ?? 'Conforms');
  row(doc, 'Method', 'HPLC / MS');
  row(doc, 'Result', 'PASS');

  doc.moveDown(2);
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .fillColor('#b91c1c')
    .text(
      'Sample data: this certificate was generated for the demonstration catalogue and describes no real test. For research use only.',
    );
  doc.end();
  return done;
}

function row(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#334155').text(label, 56, y, { width: 150 });
  const afterLabel = doc.y;
  doc.font('Helvetica').fillColor('#0f172a').text(value, 216, y, { width: 323 });
  doc.y = Math.max(afterLabel, doc.y) + 4;
  doc.x = 56;
}
