/** Stock changes grouped as adapters write them: product id → variant id → units (negative = taken). */
export type StockChanges = Map<string, Map<string, number>>;

export function stockChangesOf(
  lines: readonly { productId: string; variantId: string; quantity: number }[],
  sign: 1 | -1,
): StockChanges {
  const changes: StockChanges = new Map();
  for (const { productId, variantId, quantity } of lines) {
    const perVariant = changes.get(productId) ?? new Map<string, number>();
    perVariant.set(variantId, (perVariant.get(variantId) ?? 0) + sign * quantity);
    changes.set(productId, perVariant);
  }
  return changes;
}
