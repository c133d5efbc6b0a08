/** A name shoppers browse by (a category or a brand) and how many products carry it. */
export interface FacetCount {
  name: string;
  count: number;
}

/** Counts by name as a facet list, sorted by name. */
export function facetList(counts: ReadonlyMap<string, number>): FacetCount[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.name < b.name ? -1 : 1));
}
