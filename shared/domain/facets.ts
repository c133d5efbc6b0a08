/** A name shoppers browse by (a category or a brand) and how many available products carry it. */
export interface FacetCount {
  name: string;
  count: number;
}

/** Counts the products under each name; blank names are left out, the rest sorted by name. */
export function facetCounts<P>(products: readonly P[], nameOf: (product: P) => string): FacetCount[] {
  const counts = new Map<string, number>();
  for (const product of products) {
    const name = nameOf(product).trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return facetList(counts);
}

/** Counts by name as a facet list, sorted by name. */
export function facetList(counts: ReadonlyMap<string, number>): FacetCount[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.name < b.name ? -1 : 1));
}
