/**
 * How product text becomes search terms. A word keeps its hyphenated whole and its parts, so
 * "BPC-157" is found by "bpc-157", "bpc" and "157", and a CAS number by itself.
 */

/** How much a match in each field counts: a name match ranks above a description match. */
export const FIELD_WEIGHTS = {
  name: 10,
  casNumber: 8,
  sequence: 6,
  category: 4,
  brand: 3,
  tags: 3,
  description: 1,
} as const;

/** A long description adds no more than this many distinct words (memory at 100k products). */
const DESCRIPTION_TERMS_MAX = 64;

const WORD = /[\p{L}\p{N}]+(?:[-.'][\p{L}\p{N}]+)*/gu;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of sanitised HTML: tags dropped, the common entities read. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? whole),
    );
}

/** Lower-cased words of a text, each followed by its hyphen/dot-separated parts when it has any. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const [match] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    out.push(match);
    if (/[-.']/.test(match)) for (const part of match.split(/[-.']/)) if (part) out.push(part);
  }
  return out;
}

/** The words of a search, whole: "bcp-157" stays one word, matched against whole terms and parts. */
export const queryWords = (q: string): string[] => [
  ...new Set(Array.from(q.normalize('NFKC').toLowerCase().matchAll(WORD), ([match]) => match)),
];

const AMINO_ACIDS: Record<string, string> = {
  ala: 'A',
  arg: 'R',
  asn: 'N',
  asp: 'D',
  cys: 'C',
  gln: 'Q',
  glu: 'E',
  gly: 'G',
  his: 'H',
  ile: 'I',
  leu: 'L',
  lys: 'K',
  met: 'M',
  phe: 'F',
  pro: 'P',
  ser: 'S',
  thr: 'T',
  trp: 'W',
  tyr: 'Y',
  val: 'V',
};

/**
 * A sequence in one-letter code, whether written so ("GEPPPGKP") or in three-letter code
 * ("Gly-Glu-Pro-Pro"), so a fragment typed either way is found in a sequence published either way.
 * Other text keeps its letters only.
 */
export function sequenceCode(text: string): string {
  const residues = text
    .toLowerCase()
    .split(/[-\s]+/)
    .filter(Boolean);
  if (residues.length > 1 && residues.every((r) => r in AMINO_ACIDS))
    return residues.map((r) => AMINO_ACIDS[r]).join('');
  return text.toUpperCase().replace(/[^A-Z]/g, '');
}

export interface SearchableProduct {
  name: string;
  category: string;
  brand: string;
  tags: readonly string[];
  description: string;
  casNumber: string;
}

/** Every term of a product with the weight of the best field it occurs in. */
export function productTerms(p: SearchableProduct): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (term: string, weight: number) => {
    if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
  };
  for (const w of words(p.name)) add(w, FIELD_WEIGHTS.name);
  if (p.casNumber) add(p.casNumber.trim().toLowerCase(), FIELD_WEIGHTS.casNumber);
  for (const w of words(p.category)) add(w, FIELD_WEIGHTS.category);
  for (const w of words(p.brand)) add(w, FIELD_WEIGHTS.brand);
  for (const tag of p.tags) for (const w of words(tag)) add(w, FIELD_WEIGHTS.tags);
  let descriptionTerms = 0;
  for (const w of words(htmlText(p.description))) {
    if (terms.has(w)) continue;
    if (++descriptionTerms > DESCRIPTION_TERMS_MAX) break;
    add(w, FIELD_WEIGHTS.description);
  }
  return terms;
}
