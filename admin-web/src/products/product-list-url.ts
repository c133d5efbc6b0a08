import { useSearchParams } from 'react-router-dom';
import { STOCK_FILTERS, type StockFilter } from '../../../shared/domain/admin-product-listing.js';
import { oneOf, paramsBesideDefaults, wholeNumber } from '../../../shared/domain/url-query.js';

export const PRODUCT_SORTS = {
  name: 'Name (A–Z)',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  newest: 'Newest first',
  relevance: 'Best match',
} as const;
type ProductSort = keyof typeof PRODUCT_SORTS;

const AVAILABILITY = ['', 'true', 'false'] as const;

export interface ProductListQuery {
  q: string;
  category: string;
  available: (typeof AVAILABILITY)[number];
  stock: StockFilter;
  sort: ProductSort;
  page: number;
}

const DEFAULTS: ProductListQuery = { q: '', category: '', available: '', stock: '', sort: 'name', page: 1 };

/** The query as the list's URL and the API name it, defaults left out. */
export const productListParams = (query: ProductListQuery) => paramsBesideDefaults(query, DEFAULTS);

/**
 * The products list's search, filters, sort and page, kept in the URL so a link or a reload opens
 * the same page; any change but the page itself goes back to page 1.
 */
export function useProductListQuery(): [ProductListQuery, (change: Partial<ProductListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query: ProductListQuery = {
    q: (params.get('q') ?? '').trim(),
    category: params.get('category') ?? '',
    available: oneOf(AVAILABILITY, params.get('available'), DEFAULTS.available),
    stock: oneOf(STOCK_FILTERS, params.get('stock'), DEFAULTS.stock),
    sort: oneOf(Object.keys(PRODUCT_SORTS) as ProductSort[], params.get('sort'), DEFAULTS.sort),
    page: wholeNumber(params.get('page'), DEFAULTS.page, Number.MAX_SAFE_INTEGER),
  };
  const change = (next: Partial<ProductListQuery>) =>
    setParams(productListParams({ ...query, page: 1, ...next }), { replace: 'q' in next });
  return [query, change];
}
