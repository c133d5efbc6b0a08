import type { NewProduct } from '../../domain/product.js';
import type { ProductSpecs } from '../../domain/specs.js';

export interface SampleProduct extends NewProduct {
  /** Short label printed on the generated vial image. */
  label: string;
  /** The lowest purity its lots' certificates report, in percent. */
  lotPurityFrom: number;
}

/** One size: its name, price, stock (null: not tracked) and the "was" price, if any. */
type Size = [size: string, price: number, stock: number | null, compareAtPrice?: number];

const ruo =
  '<p><strong>For research use only.</strong> Not for human or veterinary use, and not for use as a food, drug or cosmetic.</p>';

const LYOPHILISED = 'White lyophilised powder';
const FROZEN = 'Store at −20 °C, dry and protected from light; reconstituted, 2–8 °C for up to 30 days';

/** `BPC157` + `10 mg` → `BPC157-10MG`. */
const skuOf = (prefix: string, size: string) => `${prefix}-${size.replace(/\s+/g, '').toUpperCase()}`;

function sample({
  name,
  label,
  category,
  brand,
  skuPrefix,
  sizes,
  summary,
  specs,
}: {
  name: string;
  label: string;
  category: string;
  brand: string;
  skuPrefix: string;
  sizes: Size[];
  summary: string;
  specs: ProductSpecs;
}): SampleProduct {
  const several = sizes.length > 1;
  return {
    name,
    label,
    category,
    brand,
    imgUrl: '',
    images: [],
    tags: [],
    description: `<p>${summary}</p>${ruo}`,
    specs: { form: LYOPHILISED, storage: FROZEN, ...specs },
    options: several ? [{ name: 'Size', values: sizes.map(([size]) => size) }] : [],
    variants: sizes.map(([size, price, stock, compareAtPrice = null]) => ({
      sku: skuOf(skuPrefix, size),
      options: several ? { Size: size } : ({} as Record<string, string>),
      price,
      compareAtPrice,
      stock,
      available: true,
      imgUrl: '',
    })),
    lotPurityFrom: specs.purity?.startsWith('≥ 98') ? 98.2 : 99.05,
  };
}

/**
 * The catalogue a new embedded shop starts with: most compounds in several sizes, a few sold one
 * way, each with its published specification (real CAS numbers, formulas and weights). Semax is
 * out of stock and Kisspeptin-10 does not track stock, so the storefront shows both cases.
 */
export const SAMPLE_CATALOGUE: readonly SampleProduct[] = [
  sample({
    name: 'BPC-157',
    label: 'BPC-157',
    category: 'Tissue Repair',
    brand: 'Helix Labs',
    skuPrefix: 'BPC157',
    sizes: [
      ['5 mg', 39.99, 120],
      ['10 mg', 69.99, 60, 79.99],
    ],
    summary:
      'Body Protection Compound-157, a 15-amino-acid partial sequence of a gastric protein, widely studied in tendon, ligament and gut-lining models.',
    specs: {
      casNumber: '137525-51-0',
      molecularFormula: 'C62H98N16O22',
      molecularWeight: 1419.53,
      sequence: 'Gly-Glu-Pro-Pro-Pro-Gly-Lys-Pro-Ala-Asp-Asp-Ala-Gly-Leu-Val',
      purity: '≥ 99% (HPLC)',
    },
  }),
  sample({
    name: 'TB-500',
    label: 'TB-500',
    category: 'Tissue Repair',
    brand: 'Helix Labs',
    skuPrefix: 'TB500',
    sizes: [
      ['2 mg', 29, 90],
      ['5 mg', 54.5, 80],
      ['10 mg', 94, 0],
    ],
    summary:
      'A synthetic form of Thymosin Beta-4 investigated for its role in actin regulation, cell migration and wound-healing models.',
    specs: {
      casNumber: '77591-33-4',
      molecularFormula: 'C212H350N56O78S',
      molecularWeight: 4963.44,
      sequence: 'Ac-SDKPDMAEIEKFDKSKLKKTETQEKNPLPSKETIEQEKQAGES',
      purity: '≥ 98% (HPLC)',
    },
  }),
  sample({
    name: 'GHK-Cu',
    label: 'GHK-Cu',
    category: 'Cosmetic Research',
    brand: 'NovaPure',
    skuPrefix: 'GHKCU',
    sizes: [
      ['50 mg', 34, 150],
      ['100 mg', 59, 70],
    ],
    summary:
      'Copper tripeptide-1, a naturally occurring complex studied in skin remodelling, collagen synthesis and antioxidant assays.',
    specs: {
      casNumber: '89030-95-5',
      molecularFormula: 'C14H22CuN6O4',
      molecularWeight: 401.91,
      sequence: 'Gly-His-Lys (copper complex)',
      purity: '≥ 99% (HPLC)',
      form: 'Blue lyophilised powder',
    },
  }),
  sample({
    name: 'Semaglutide',
    label: 'Semaglutide',
    category: 'Metabolic',
    brand: 'Apex Synthesis',
    skuPrefix: 'SEMA',
    sizes: [
      ['5 mg', 89, 40],
      ['10 mg', 159, 20, 178],
    ],
    summary:
      'A GLP-1 receptor agonist analogue used in research on glucose regulation, appetite signalling and metabolic models.',
    specs: {
      casNumber: '910463-68-2',
      molecularFormula: 'C187H291N45O59',
      molecularWeight: 4113.58,
      purity: '≥ 99% (HPLC, MS verified)',
    },
  }),
  sample({
    name: 'Tirzepatide',
    label: 'Tirzepatide',
    category: 'Metabolic',
    brand: 'Apex Synthesis',
    skuPrefix: 'TIRZ',
    sizes: [
      ['10 mg', 129, 25],
      ['30 mg', 329, 10],
    ],
    summary: 'A dual GIP and GLP-1 receptor agonist peptide studied in metabolic and incretin research.',
    specs: {
      casNumber: '2023788-19-2',
      molecularFormula: 'C225H348N48O68',
      molecularWeight: 4813.45,
      purity: '≥ 99% (HPLC)',
      storage: 'Store at −20 °C; shipped cold with ice packs',
    },
  }),
  sample({
    name: 'Ipamorelin',
    label: 'Ipamorelin',
    category: 'GH Secretagogues',
    brand: 'Helix Labs',
    skuPrefix: 'IPA',
    sizes: [['5 mg', 32.5, 100]],
    summary:
      'A selective pentapeptide ghrelin-receptor agonist examined for growth-hormone release with minimal effect on cortisol.',
    specs: {
      casNumber: '170851-70-4',
      molecularFormula: 'C38H49N9O5',
      molecularWeight: 711.85,
      sequence: 'Aib-His-D-2-Nal-D-Phe-Lys-NH2',
      purity: '≥ 99% (HPLC)',
    },
  }),
  sample({
    name: 'CJC-1295 (no DAC)',
    label: 'CJC-1295',
    category: 'GH Secretagogues',
    brand: 'NovaPure',
    skuPrefix: 'CJC1295',
    sizes: [
      ['2 mg', 29.99, 90],
      ['5 mg', 59.99, 45],
    ],
    summary:
      'Modified GRF (1-29), a growth-hormone-releasing-hormone analogue studied alone and alongside GHRPs.',
    specs: {
      casNumber: '863288-34-0',
      molecularFormula: 'C152H252N44O42',
      molecularWeight: 3367.97,
      purity: '≥ 98% (HPLC)',
    },
  }),
  sample({
    name: 'Sermorelin',
    label: 'Sermorelin',
    category: 'GH Secretagogues',
    brand: 'NovaPure',
    skuPrefix: 'SERM',
    sizes: [['2 mg', 36, 60]],
    summary: 'The first 29 amino acids of human GHRH, a reference peptide in pituitary signalling research.',
    specs: {
      casNumber: '86168-78-7',
      molecularFormula: 'C149H246N44O42S',
      molecularWeight: 3357.88,
      sequence: 'YADAIFTNSYRKVLGQLSARKLLQDIMSR-NH2',
      purity: '≥ 98% (HPLC)',
    },
  }),
  sample({
    name: 'Epitalon',
    label: 'Epitalon',
    category: 'Longevity',
    brand: 'Helix Labs',
    skuPrefix: 'EPI',
    sizes: [
      ['10 mg', 42, 70],
      ['50 mg', 149, 15],
    ],
    summary:
      'A synthetic tetrapeptide studied for its effects on telomerase activity and circadian rhythm in cell models.',
    specs: {
      casNumber: '307297-39-8',
      molecularFormula: 'C14H22N4O9',
      molecularWeight: 390.35,
      sequence: 'Ala-Glu-Asp-Gly',
      purity: '≥ 99% (HPLC)',
    },
  }),
  sample({
    name: 'MOTS-c',
    label: 'MOTS-c',
    category: 'Longevity',
    brand: 'Apex Synthesis',
    skuPrefix: 'MOTSC',
    sizes: [['10 mg', 64, 35]],
    summary:
      'A mitochondria-derived 16-amino-acid peptide researched in metabolic homeostasis and exercise-mimetic models.',
    specs: {
      casNumber: '1627580-64-6',
      molecularFormula: 'C101H152N28O22S2',
      molecularWeight: 2174.6,
      sequence: 'MRWQEMGYIFYPRKLR',
      purity: '≥ 98% (HPLC)',
    },
  }),
  sample({
    name: 'Selank',
    label: 'Selank',
    category: 'Cognitive',
    brand: 'NovaPure',
    skuPrefix: 'SELANK',
    sizes: [
      ['5 mg', 38, 55],
      ['10 mg', 66, 30],
    ],
    summary:
      'A synthetic analogue of the immunomodulatory peptide tuftsin, studied in anxiety and memory models.',
    specs: {
      casNumber: '129954-34-3',
      molecularFormula: 'C33H57N11O9',
      molecularWeight: 751.87,
      sequence: 'Thr-Lys-Pro-Arg-Pro-Gly-Pro',
      purity: '≥ 99% (HPLC)',
    },
  }),
  sample({
    name: 'Semax',
    label: 'Semax',
    category: 'Cognitive',
    brand: 'NovaPure',
    skuPrefix: 'SEMAX',
    sizes: [['10 mg', 41.5, 0]],
    summary:
      'A heptapeptide analogue of an ACTH fragment investigated for neuroprotective and cognitive effects in research settings.',
    specs: {
      casNumber: '80714-61-0',
      molecularFormula: 'C37H51N9O10S',
      molecularWeight: 813.93,
      sequence: 'Met-Glu-His-Phe-Pro-Gly-Pro',
      purity: '≥ 98% (HPLC)',
    },
  }),
  sample({
    name: 'PT-141',
    label: 'PT-141',
    category: 'Melanocortins',
    brand: 'Apex Synthesis',
    skuPrefix: 'PT141',
    sizes: [['10 mg', 44, 45]],
    summary:
      'Bremelanotide, a cyclic melanocortin-receptor agonist studied in central nervous system signalling.',
    specs: {
      casNumber: '189691-06-3',
      molecularFormula: 'C50H68N14O10',
      molecularWeight: 1025.16,
      sequence: 'Ac-Nle-cyclo[Asp-His-D-Phe-Arg-Trp-Lys]-OH',
      purity: '≥ 99% (HPLC)',
    },
  }),
  sample({
    name: 'Kisspeptin-10',
    label: 'Kisspeptin-10',
    category: 'Endocrine Research',
    brand: 'Helix Labs',
    skuPrefix: 'KISS10',
    sizes: [['5 mg', 47, null]],
    summary:
      'The active decapeptide of kisspeptin, a key regulator of GnRH release in reproductive-axis research.',
    specs: {
      casNumber: '374675-21-5',
      molecularFormula: 'C63H83N17O14',
      molecularWeight: 1302.44,
      sequence: 'Tyr-Asn-Trp-Asn-Ser-Phe-Gly-Leu-Arg-Phe-NH2',
      purity: '≥ 98% (HPLC)',
    },
  }),
  sample({
    name: 'Bacteriostatic Water',
    label: 'BAC Water',
    category: 'Lab Supplies',
    brand: 'Helix Labs',
    skuPrefix: 'BACW',
    sizes: [
      ['10 ml', 6.5, 400],
      ['30 ml', 12.5, 300],
    ],
    summary: 'Sterile water with 0.9% benzyl alcohol for reconstituting lyophilised research peptides.',
    specs: {
      form: 'Clear, colourless solution in a multi-use vial',
      storage: 'Store at 20–25 °C; use within 28 days of first opening',
      purity: 'USP grade, sterile, non-pyrogenic',
    },
  }),
];
