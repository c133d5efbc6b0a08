import type { FacetCount } from './facets.js';
import type { Product } from './product.js';

/**
 * The shoppers' catalogue as the server lists it: one page of a filtered, sorted, searched set.
 * `GET /api/products?q=&category=&brand=&min=&max=&inStock=&sort=&page=&perPage=` — the same
 * names the storefront keeps in its URL, so a shared link opens the same page.
 */
export const CATALOGUE_SORTS = ['relevance', 'price-asc', 'price-desc', 'name', 'newest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

export const CATALOGUE_MAX_PER_PAGE = 48;

export interface CatalogueQuery {
  /** Search words; '' lists everything. */
  q: string;
  /** '' for every category / brand. */
  category: string;
  brand: string;
  /** Price bounds in currency units, both ends included; null = open. */
  min: number | null;
  max: number | null;
  /** Only products with a size that can be bought now. */
  inStock: boolean;
  /** 'relevance' without `q` lists by name. */
  sort: CatalogueSort;
  /** Counted from 1; a page past the end answers the last page. */
  page: number;
  /** 1..CATALOGUE_MAX_PER_PAGE; STOREFRONT_PAGE_SIZE by default. */
  perPage: number;
}

/**
 * What only the admin products list filters by, beside CatalogueQuery (whose `inStock` there means
 * "some size can be bought", availability aside); the public list holds available products only.
 */
export interface AdminCatalogueFilters {
  /** null lists both. */
  available: boolean | null;
  /** Only products with no size that can be bought now. */
  outOfStock: boolean;
  /** Only products whose tracked stock, all sizes together, is LOW_STOCK_UNITS or fewer but not none. */
  lowStock: boolean;
}

/** Where the admin list's "low stock" filter draws the line. */
export const LOW_STOCK_UNITS = 5;

export type AdminCatalogueQuery = CatalogueQuery & AdminCatalogueFilters;

/** What a product card shows: no description, no lots; enough to link, price and badge it. */
export type ProductSummary = Pick<
  Product,
  'id' | 'name' | 'price' | 'imgUrl' | 'category' | 'brand' | 'available' | 'createdAt'
> & {
  /** The lowest price's compare-at price when set (a sale badge). */
  compareAtPrice: number | null;
  /** "from $X" when sizes are priced differently. */
  pricesDiffer: boolean;
  /** Some size can be bought now. */
  inStock: boolean;
  variantCount: number;
};

export interface CataloguePage {
  products: ProductSummary[];
  /** The page actually answered (counted from 1) after clamping. */
  page: number;
  perPage: number;
  /** Products in the whole filtered set, and its pages. */
  total: number;
  totalPages: number;
  /**
   * Lowest and highest price of the set filtered by everything except min/max, so the price filter
   * can offer the whole range; [0, 0] when the set is empty.
   */
  priceBounds: [number, number];
  /** Counts over the set filtered by everything except the facet itself (so other choices stay visible). */
  facets: { category: FacetCount[]; brand: FacetCount[] };
}

/** `GET /api/products/suggest?q=` — what the search box offers as you type. */
export interface CatalogueSuggestion {
  id: string;
  name: string;
  price: number;
  imgUrl: string;
  category: string;
}
