import { MAX_OPTIONS } from '../../../shared/domain/variant.js';
import { MAX_TIERS } from '../../../shared/domain/variant-schema.js';

/** One option as the editor holds it: its name as typed and its values in order. */
export interface OptionValues {
  name: string;
  values: string[];
}

/** One variant row as typed; numbers stay text until saved. `choice[i]` is its value of option i. */
export interface VariantValues {
  /** The stored variant's id; absent for a row added in the editor. */
  id?: string;
  choice: string[];
  sku: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  available: boolean;
  /** One of the product's images shown when this variant is chosen; '' for the product's own. */
  imgUrl: string;
  /** Grams, as typed; '' when not known. */
  weightGrams: string;
  /** Ships in a cold pack (the zone's surcharge is added once per order). */
  coldPack: boolean;
  /** Quantity breaks, as typed. */
  priceTiers: TierValues[];
  /**
   * The stored variant had a weight, cold pack or tiers: a save sends all three even when cleared.
   * Otherwise they are sent only once set, so an edit of other fields sends what it did before.
   */
  shipsWithFacts?: true;
}

/** One quantity break as typed: from this many units, this percentage off each. */
export interface TierValues {
  minQuantity: string;
  percentOff: string;
}

export const blankVariant = (choice: string[] = []): VariantValues => ({
  choice,
  sku: '',
  price: '',
  compareAtPrice: '',
  stock: '',
  available: true,
  imgUrl: '',
  weightGrams: '',
  coldPack: false,
  priceTiers: [],
});

/** Whether a row's weight, cold pack or tiers are to be sent with the save. */
export const sendsShippingFacts = (row: VariantValues) =>
  row.shipsWithFacts === true || row.weightGrams.trim() !== '' || row.coldPack || row.priceTiers.length > 0;

/** A row's tiers with a new, empty one at the end (the schema allows MAX_TIERS). */
export const withTierAdded = (tiers: readonly TierValues[]): TierValues[] =>
  tiers.length >= MAX_TIERS ? [...tiers] : [...tiers, { minQuantity: '', percentOff: '' }];

export const withTierRemoved = (tiers: readonly TierValues[], index: number): TierValues[] =>
  tiers.filter((_, i) => i !== index);

export const withTierChanged = (
  tiers: readonly TierValues[],
  index: number,
  change: Partial<TierValues>,
): TierValues[] => tiers.map((t, i) => (i === index ? { ...t, ...change } : t));

export interface VariantSet {
  options: OptionValues[];
  variants: VariantValues[];
}

/** Every combination of the options' values, in the options' order. */
function combinations(options: readonly OptionValues[]): string[][] {
  let combos: string[][] = [[]];
  for (const option of options) combos = combos.flatMap((c) => option.values.map((v) => [...c, v]));
  return combos;
}

const sameChoice = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Keeps the first row of each combination: what is left when an option is taken away. */
function distinctRows(rows: VariantValues[]): VariantValues[] {
  return rows.filter((row, i) => rows.findIndex((other) => sameChoice(other.choice, row.choice)) === i);
}

/**
 * A value added to option `index`: one new row for each combination it makes with the other
 * options' values. The first value of a new option goes to every existing row instead.
 */
export function addOptionValue(set: VariantSet, index: number, value: string): VariantSet {
  const option = set.options[index];
  const text = value.trim();
  if (!option || text === '' || option.values.some((v) => v.toLowerCase() === text.toLowerCase())) return set;
  const options = set.options.map((o, i) => (i === index ? { ...o, values: [...o.values, text] } : o));
  if (option.values.length === 0) {
    const variants = set.variants.map((row) => ({
      ...row,
      choice: row.choice.map((v, i) => (i === index ? text : v)),
    }));
    return { options, variants };
  }
  const added = combinations(options)
    .filter((combo) => combo[index] === text)
    .map((combo) => blankVariant(combo));
  return { options, variants: [...set.variants, ...added] };
}

/** A value taken away from option `index`, with the rows that had it; a product keeps at least one row. */
export function removeOptionValue(set: VariantSet, index: number, value: string): VariantSet {
  const option = set.options[index];
  if (!option) return set;
  const values = option.values.filter((v) => v !== value);
  if (values.length === 0) return removeOption(set, index);
  const options = set.options.map((o, i) => (i === index ? { ...o, values } : o));
  const variants = set.variants.filter((row) => row.choice[index] !== value);
  return { options, variants: variants.length > 0 ? variants : [blankVariant(combinations(options)[0])] };
}

/** A new, still empty option (e.g. Size): the rows follow once it has a value. */
export function addOption(set: VariantSet, name = ''): VariantSet {
  if (set.options.length >= MAX_OPTIONS) return set;
  return {
    options: [...set.options, { name, values: [] }],
    variants: set.variants.map((row) => ({ ...row, choice: [...row.choice, ''] })),
  };
}

/** An option taken away: rows that differed only by it collapse into the first of them. */
export function removeOption(set: VariantSet, index: number): VariantSet {
  const options = set.options.filter((_, i) => i !== index);
  const variants = distinctRows(
    set.variants.map((row) => ({ ...row, choice: row.choice.filter((_, i) => i !== index) })),
  );
  return { options, variants };
}

export function renameOption(set: VariantSet, index: number, name: string): VariantSet {
  return { ...set, options: set.options.map((o, i) => (i === index ? { ...o, name } : o)) };
}

/** A row taken away (that size is no longer sold); the last row stays. */
export function removeVariant(set: VariantSet, row: number): VariantSet {
  if (set.variants.length <= 1) return set;
  return { ...set, variants: set.variants.filter((_, i) => i !== row) };
}

/** Rows left out of the table (removed earlier) can be brought back: combinations no row has. */
export function missingCombinations(set: VariantSet): string[][] {
  if (set.options.length === 0 || set.options.some((o) => o.values.length === 0)) return [];
  return combinations(set.options).filter((combo) => !set.variants.some((r) => sameChoice(r.choice, combo)));
}

export function addVariant(set: VariantSet, choice: string[]): VariantSet {
  return { ...set, variants: [...set.variants, blankVariant(choice)] };
}

/** A row's option values as the API takes them: option name → value. */
export function choiceRecord(
  options: readonly OptionValues[],
  choice: readonly string[],
): Record<string, string> {
  const record: Record<string, string> = {};
  options.forEach((o, i) => {
    const value = choice[i];
    if (value) record[o.name.trim()] = value;
  });
  return record;
}

/** How the editor names a row: "10 mg", "10 mg / Vial"; '' for a product sold one way. */
export const rowTitle = (row: Pick<VariantValues, 'choice'>) => row.choice.filter(Boolean).join(' / ');

/** A product sold one way: no options and one row, edited with plain product fields. */
export const isSingle = (set: VariantSet) => set.options.length === 0 && set.variants.length === 1;
