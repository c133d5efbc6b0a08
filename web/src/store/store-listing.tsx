import { useNavigate, useSearchParams } from 'react-router-dom';
import { STOREFRONT_PAGE_SIZE } from '../../../shared/domain/constants.js';
import { clampPage, pageItems, totalPages } from '../../../shared/domain/pagination.js';
import { filterByPrice, priceMinMax } from '../../../shared/domain/price-filter.js';
import type { Product } from '../../../shared/domain/product.js';
import { ProductGrid } from '../catalogue/product-card.js';
import { Pagination } from './pagination.js';
import { PriceFilter } from './price-filter.js';
import { readStoreQuery, type StoreQuery, storeSearch } from './store-query.js';

/** The listing with its price filter and pages, both kept in the URL. */
export function StoreListing({ products }: { products: Product[] }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bounds = priceMinMax(products);
  const query = readStoreQuery(params, bounds);
  const matching = filterByPrice(products, query.range);
  const pages = totalPages(matching.length, STOREFRONT_PAGE_SIZE);
  const page = clampPage(query.page, pages);
  const shown = pageItems(matching, page, STOREFRONT_PAGE_SIZE);
  const searchFor = (next: StoreQuery) => storeSearch(next, bounds);

  if (products.length === 0) {
    return <p className="py-16 text-center text-slate-600">No products are available right now.</p>;
  }
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <PriceFilter
        key={`${query.range[0]}-${query.range[1]}`}
        bounds={bounds}
        range={query.range}
        onApply={(range) => navigate({ search: searchFor({ page: 0, range }) })}
      />
      <section aria-label="Products" className="flex flex-1 flex-col gap-6">
        {matching.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-lg font-medium">No products in this price range</p>
            <p className="text-slate-600">Try a wider range, or reset the filter to see everything.</p>
            <button
              type="button"
              onClick={() => navigate({ search: '' })}
              className="rounded border border-slate-300 px-4 py-2 hover:bg-slate-100"
            >
              Reset filter
            </button>
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Showing {page * STOREFRONT_PAGE_SIZE + 1}–{page * STOREFRONT_PAGE_SIZE + shown.length} of{' '}
              {matching.length} products
            </p>
            <ProductGrid products={shown} eager={page === 0} />
            <Pagination
              page={page}
              pages={pages}
              hrefFor={(p) => searchFor({ page: p, range: query.range })}
            />
          </>
        )}
      </section>
    </div>
  );
}
