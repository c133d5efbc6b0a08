import type { ShippingAddress } from '../../shared/domain/address.js';
import type { NewProduct } from '../../shared/domain/product.js';

/** mulberry32: a small seeded generator, so the same --seed always gives the same data. */
export function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
export const between = (random: Random, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1));

const PEPTIDES = [
  'BPC-157',
  'TB-500',
  'GHK-Cu',
  'Semaglutide',
  'Tirzepatide',
  'Ipamorelin',
  'CJC-1295',
  'Sermorelin',
  'Epitalon',
  'MOTS-c',
  'Selank',
  'Semax',
  'PT-141',
  'Melanotan II',
  'AOD-9604',
  'Kisspeptin-10',
  'DSIP',
  'Thymosin Alpha-1',
  'LL-37',
  'KPV',
  'Humanin',
  'SS-31',
  'Tesamorelin',
  'Hexarelin',
];
const CATEGORIES = [
  'Tissue Repair',
  'Metabolic',
  'GH Secretagogues',
  'Longevity',
  'Cognitive',
  'Melanocortins',
];
const BRANDS = ['Helix Labs', 'NovaPure', 'Apex Peptide Co.', 'Meridian Research'];
const DOSES = [2, 5, 10, 15, 20, 30, 50];
const LOT = [...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'];

export interface SeedProduct {
  product: NewProduct;
  available: boolean;
}

/** The sizes a multi-size product comes in, in mg. */
const SIZE_SETS = [
  [2, 5],
  [5, 10],
  [5, 10, 20],
  [10, 30],
];
/** How often a product comes in several sizes (the rest are sold one way, as before variants). */
const SIZED_SHARE = 0.3;

const SPECS = { purity: '≥ 98% (HPLC)', form: 'Lyophilised powder', storage: '-20 °C, dry, away from light' };

const stockOf = (random: Random) => (random() < 0.1 ? null : between(random, 0, 300));

/**
 * `count` products with distinct names, all fields drawn from `random`. About a third come in
 * several sizes (option Size), each size with its own SKU, price and stock; the SKU is made of the
 * product's name parts, so it is as unique as the name.
 */
export function seedProducts(random: Random, count: number): SeedProduct[] {
  const names = new Set<string>();
  const products: SeedProduct[] = [];
  while (products.length < count) {
    const base = pick(random, PEPTIDES);
    const sized = random() < SIZED_SHARE;
    const doses = sized ? pick(random, SIZE_SETS) : [pick(random, DOSES)];
    const lot = Array.from({ length: 4 }, () => pick(random, LOT)).join('');
    const name = sized ? `${base} (lot ${lot})` : `${base} ${doses[0]}mg (lot ${lot})`;
    if (names.has(name)) continue;
    names.add(name);
    const category = pick(random, CATEGORIES);
    const sizes = doses.map((d) => `${d} mg`);
    let price = between(random, 900, 9_999);
    const variants = doses.map((dose, i) => {
      if (i > 0) price += between(random, 500, 9_000);
      const options: Record<string, string> = sized ? { Size: sizes[i]! } : {};
      return {
        sku: sized ? `${base.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}-${lot}-${dose}` : '',
        options,
        price: price / 100,
        compareAtPrice: null,
        stock: stockOf(random),
        available: true,
        imgUrl: '',
      };
    });
    products.push({
      product: {
        name,
        description: `<p>${base}, ${sized ? sizes.join(' or ') : sizes[0]} lyophilised powder for ${category.toLowerCase()} research.</p><p><strong>For research use only.</strong></p>`,
        imgUrl: '',
        images: [],
        tags: [],
        category,
        brand: pick(random, BRANDS),
        specs: SPECS,
        options: sized ? [{ name: 'Size', values: sizes }] : [],
        variants,
      },
      available: random() < 0.9,
    });
  }
  return products;
}

const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Lab Way', 'Harbor Rd'];
const CITIES: [string, string, string][] = [
  ['Boston', 'MA', '02116'],
  ['Austin', 'TX', '73301'],
  ['Denver', 'CO', '80202'],
  ['Seattle', 'WA', '98101'],
  ['Madison', 'WI', '53703'],
];
const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Rosalind', 'Linus', 'Barbara', 'Claude'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Franklin', 'Pauling', 'McClintock', 'Shannon'];

export interface SeedCustomer {
  email: string;
  displayName: string;
  address: ShippingAddress;
}

export function seedCustomers(random: Random, count: number, seed: string): SeedCustomer[] {
  const tag =
    seed
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase()
      .slice(0, 20) || 'x';
  return Array.from({ length: count }, (_, i) => {
    const fullName = `${pick(random, FIRST)} ${pick(random, LAST)}`;
    const [city, state, postalCode] = pick(random, CITIES);
    return {
      email: `customer${i + 1}.seed-${tag}@example.com`,
      displayName: fullName,
      address: {
        fullName,
        line1: `${between(random, 1, 999)} ${pick(random, STREETS)}`,
        line2: '',
        city,
        state,
        postalCode,
        country: 'US',
        phone: `+1617555${String(between(random, 0, 9999)).padStart(4, '0')}`,
      },
    };
  });
}
