// A shop's data folder holding the sample catalogue plus generated products up to `total`: varied
// names, categories, brands, valid CAS numbers, sequences and descriptions, so search and listing
// work on a vocabulary like a real catalogue's (figures 14 and 15; list-web's and list-admin's too).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_CATALOGUE } from '../../dist/node/shared/backend/seed/sample-catalogue.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';

const STEMS = [
  'Thymo',
  'Pepti',
  'Myo',
  'Neuro',
  'Cardio',
  'Lipo',
  'Osteo',
  'Derma',
  'Hepa',
  'Angio',
  'Immuno',
  'Gluco',
];
const ENDS = ['statin', 'relin', 'tide', 'morelin', 'kinin', 'lectin', 'sin', 'dorphin', 'tensin', 'cidin'];
const CATEGORIES = [
  'Tissue Repair',
  'Metabolic',
  'Longevity',
  'Cognitive',
  'Immune Research',
  'Melanocortins',
  'Endocrine Research',
  'Growth Factors',
  'Cardiovascular',
  'Skin',
  'Antimicrobial',
  'Lab Supplies',
];
const BRANDS = [
  'Helix Labs',
  'NovaPure',
  'Apex Synthesis',
  'Peptide Sciences',
  'BioFront',
  'Cellmark',
  'Quantis',
  'Orion Bio',
];
const RESIDUES = [
  'Ala',
  'Arg',
  'Asn',
  'Asp',
  'Cys',
  'Gln',
  'Glu',
  'Gly',
  'His',
  'Ile',
  'Leu',
  'Lys',
  'Met',
  'Phe',
  'Pro',
  'Ser',
  'Thr',
  'Trp',
  'Tyr',
  'Val',
];
const WORDS =
  `studied in models of tissue repair metabolism receptor binding signalling pathway cell migration
  wound healing inflammation oxidative stress mitochondrial function synthetic analogue fragment of the native
  hormone investigated for its role in regulation expression lyophilised powder purity verified by HPLC mass
  spectrometry for research use only not for human consumption stable at room temperature reconstitute with
  bacteriostatic water store frozen protect from light amino acid chain terminal amide acetate salt peptide
  bioactive selective agonist antagonist affinity half life plasma serum neuronal cardiac hepatic renal dermal
  collagen elastin fibroblast keratinocyte adipocyte insulin glucose lipid appetite sleep memory cognition`
    .split(/\s+/)
    .filter(Boolean);

/** A small deterministic generator, so every run measures the same catalogue. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function casNumber(n) {
  const body = String(100000 + n);
  const digits = `${body}${String(n % 100).padStart(2, '0')}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return `${body}-${String(n % 100).padStart(2, '0')}-${sum % 10}`;
}

function generatedProduct(i) {
  const next = random(i + 1);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const words = Array.from({ length: 20 + Math.floor(next() * 20) }, () => pick(WORDS));
  const price = Math.round((5 + next() * 495) * 100) / 100;
  return {
    name: `${pick(STEMS)}${pick(ENDS)}-${i}`,
    imgUrl: '',
    images: [],
    tags: [],
    description: `<p>${words.join(' ')}.</p>`,
    category: pick(CATEGORIES),
    brand: pick(BRANDS),
    specs: {
      casNumber: casNumber(i),
      sequence: Array.from({ length: 8 + Math.floor(next() * 12) }, () => pick(RESIDUES)).join('-'),
    },
    options: [],
    variants: [
      {
        sku: `GEN-${i}`,
        options: {},
        price,
        compareAtPrice: null,
        stock: i % 10 === 0 ? 0 : i % 7 === 0 ? null : 1 + (i % 200),
        available: true,
        imgUrl: '',
      },
    ],
  };
}

/** Writes the sample catalogue and generated products up to `total` into `dataDir`'s store. */
async function writeBigCatalogue(dataDir, total) {
  const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
  try {
    const samples = SAMPLE_CATALOGUE.map(({ label: _l, lotPurityFrom: _p, ...product }) => ({
      op: 'create',
      product,
    }));
    await store.products.bulkWrite([samples]);
    const batches = function* () {
      for (let i = 0; i < total - samples.length; i += 2_000)
        yield Array.from({ length: Math.min(2_000, total - samples.length - i) }, (_, j) => ({
          op: 'create',
          product: generatedProduct(i + j),
        }));
    };
    await store.products.bulkWrite(batches());
  } finally {
    await store.close();
  }
}

const made = new Map();

/**
 * A data folder with a catalogue of `total` products, made once per bench run and shared by the
 * figures that need it; removed when the run ends.
 */
export function bigCatalogueDir(total) {
  if (!made.has(total)) {
    const dir = mkdtempSync(join(tmpdir(), `shop-bench-catalogue-${total}-`));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    made.set(
      total,
      writeBigCatalogue(dir, total).then(() => dir),
    );
  }
  return made.get(total);
}
