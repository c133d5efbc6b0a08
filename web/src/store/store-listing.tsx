import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { STOREFRONT_PAGE_SIZE } from '../../../shared/domain/constants.js';
import { clampPage, pageItems, totalPages } from '../../../shared/domain/pagination.js';
import { filterByPrice, priceMinMax } from '../../../shared/domain/price-filter.js';
import type { Product } from '../../../shared/domain/product.js';
import { ProductGrid } from '../catalogue/product-card.js';
import { type CategoryCount, CategoryNav } from './category-nav.js';
import { Pagination } from './pagination.js';
import { PriceFilter } from './price-filter.js';
import { readCategory, readStoreQuery, type StoreQuery, storeSearch } from './store-query.js';

/** The listing with its categories, price filter and pages, all kept in the URL. */
export function StoreListing({
  products,
  categories = [],
}: {
  products: Product[];
  categories?: readonly CategoryCount[];
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const category = readCategory(params);
  const inCategory = category ? products.filter((p) => p.category === category) : products;
  // The price bounds are the category's, so its filter spans what it holds.
  const bounds = priceMinMax(inCategory);
  const query = readStoreQuery(params, bounds);
  const matching = filterByPrice(inCategory, query.range);
  const pages = totalPages(matching.length, STOREFRONT_PAGE_SIZE);
  const page = clampPage(query.page, pages);
  const shown = pageItems(matching, page, STOREFRONT_PAGE_SIZE);
  const searchFor = (next: StoreQuery) => storeSearch(next, bounds);

  if (products.length === 0) {
    return <p className="py-16 text-center text-slate-600">No products are available right now.</p>;
  }
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <div className="flex flex-col gap-6">
        {categories.length > 0 && (
          <CategoryNav categories={categories} current={category} total={products.length} />
        )}
        {inCategory.length > 0 && (
          <PriceFilter
            key={`${category}-${query.range[0]}-${query.range[1]}`}
            bounds={bounds}
            range={query.range}
            onApply={(range) => navigate({ search: searchFor({ category, page: 0, range }) })}
          />
        )}
      </div>
      <section aria-label="Products" className="flex flex-1 flex-col gap-6">
        {inCategory.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-lg font-medium">No products in {category}</p>
            <Link
              to={{ search: '' }}
              className="rounded border border-slate-300 px-4 py-2 hover:bg-slate-100"
            >
              Show all products
            </Link>
          </div>
        ) : matching.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <p className="text-lg font-medium">No products in this price range</p>
            <p className="text-slate-600">Try a wider range, or reset the filter to see everything.</p>
            <button
              type="button"
              onClick={() => navigate({ search: searchFor({ category, page: 0, range: bounds }) })}
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
              hrefFor={(p) => searchFor({ category, page: p, range: query.range })}
            />
          </>
        )}
      </section>
    </div>
  );
}
