export type PriceRange = readonly [min: number, max: number];
