import type { Product } from '../../../shared/domain/product.js';
import { isVariantBuyable, type Variant } from '../../../shared/domain/variant.js';

/** How an option value shows in its control: on sale, sold out or unavailable, or not made at all. */
export type OptionValueState = 'buyable' | 'not-buyable' | 'missing';

type Choosable = Pick<Product, 'options' | 'variants'>;

const hasValues = (variant: Variant, values: Record<string, string>) =>
  Object.entries(values).every(([name, value]) => variant.options[name] === value);

/**
 * The state of `value` for option `name`, the other options kept as chosen: whether a variant with
 * that combination exists and can be bought.
 */
export function optionValueState(
  product: Choosable,
  chosen: Variant,
  name: string,
  value: string,
): OptionValueState {
  const match = product.variants.find((v) => hasValues(v, { ...chosen.options, [name]: value }));
  if (!match) return 'missing';
  return isVariantBuyable(match) ? 'buyable' : 'not-buyable';
}

/**
 * The variant a shopper gets by picking `value` for `name`: the one keeping the other options as
 * chosen; when that combination is not made, the best other variant with this value (buyable first).
 */
export function pickOption(product: Choosable, chosen: Variant, name: string, value: string): Variant {
  const exact = product.variants.find((v) => hasValues(v, { ...chosen.options, [name]: value }));
  if (exact) return exact;
  const withValue = product.variants.filter((v) => v.options[name] === value);
  return withValue.find(isVariantBuyable) ?? withValue[0] ?? chosen;
}
