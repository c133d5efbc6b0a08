import { Link, useNavigate } from 'react-router-dom';
import type { CataloguePage, CatalogueQuery } from '../../../shared/domain/catalogue-listing.js';
import { ProductGrid, ProductGridPlaceholder } from '../catalogue/product-card.js';
import { FacetNav } from './facet-nav.js';
import { ListingControls } from './listing-controls.js';
import { Pagination } from './pagination.js';
import { PriceFilter } from './price-filter.js';
import { FiltersPlaceholder, StoreFilters } from './store-filters.js';
import { storeSearch } from './store-query.js';

const clamp = (value: number, [low, high]: [number, number]) => Math.min(Math.max(value, low), high);
/** The ways to browse; brands only when there is more than one to choose between. */
const FACETS = [
  { name: 'category', label: 'Categories', allLabel: 'All products', shownFrom: 1 },
  { name: 'brand', label: 'Brands', allLabel: 'All brands', shownFrom: 2 },
] as const;

const sum = (facets: readonly { count: number }[]) => facets.reduce((total, f) => total + f.count, 0);

/**
 * One page of the listing as the server answered it, with its facets, price filter, sort and pages,
 * all kept in the URL. Without a listing yet (the first answer is on its way) every part stands in its
 * place at its size, held by a placeholder.
 */
export function StoreListing({
  listing,
  query,
  loading = false,
}: {
  listing: CataloguePage | undefined;
  query: CatalogueQuery;
  loading?: boolean;
}) {
  const navigate = useNavigate();
  const searchFor = (changes: Partial<CatalogueQuery>) => storeSearch(query, changes);
  const go = (changes: Partial<CatalogueQuery>) => navigate({ search: searchFor(changes) });
  const filtered =
    query.q || query.category || query.brand || query.min !== null || query.max !== null || query.inStock;

  if (listing?.total === 0 && !filtered) {
    return <p className="py-16 text-center text-slate-600">No products are available right now.</p>;
  }
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <StoreFilters>
        {listing ? (
          <Filters listing={listing} query={query} searchFor={searchFor} go={go} />
        ) : (
          <FiltersPlaceholder />
        )}
      </StoreFilters>
      <section aria-label="Products" aria-busy={loading || !listing} className="flex flex-1 flex-col gap-6">
        {query.q && (
          <p className="flex flex-wrap items-baseline gap-x-3 text-lg">
            <span>
              Results for <strong>“{query.q}”</strong>
            </span>
            <Link
              to={{ search: searchFor({ q: '', sort: 'relevance' }) }}
              className="text-sm text-teal-700 hover:underline"
            >
              Clear search
            </Link>
          </p>
        )}
        <ListingControls
          sort={query.sort}
          searching={query.q !== ''}
          inStock={query.inStock}
          onSort={(sort) => go({ sort })}
          onInStock={(inStock) => go({ inStock })}
        />
        {!listing || loading ? (
          // The page asked for is on its way; the one before must not pass for it.
          <>
            <p role="status" className="text-sm text-slate-600">
              Loading...
            </p>
            <ProductGridPlaceholder count={query.perPage} />
          </>
        ) : listing.total === 0 ? (
          <EmptyResult query={query} onReset={() => go({ min: null, max: null })} />
        ) : (
          <Products listing={listing} searchFor={(page) => searchFor({ page })} />
        )}
      </section>
    </div>
  );
}

function Products({ listing, searchFor }: { listing: CataloguePage; searchFor: (page: number) => string }) {
  const first = (listing.page - 1) * listing.perPage + 1;
  return (
    <>
      <p className="text-sm text-slate-600">
        Showing {first}–{first + listing.products.length - 1} of {listing.total} products
      </p>
      <ProductGrid products={listing.products} eager={listing.page === 1} />
      <Pagination page={listing.page} pages={listing.totalPages} searchFor={searchFor} />
    </>
  );
}

/** The facets the listing offers and its price filter. */
function Filters({
  listing,
  query,
  searchFor,
  go,
}: {
  listing: CataloguePage;
  query: CatalogueQuery;
  searchFor: (changes: Partial<CatalogueQuery>) => string;
  go: (changes: Partial<CatalogueQuery>) => void;
}) {
  const bounds = listing.priceBounds;
  const range: [number, number] = [
    clamp(query.min ?? bounds[0], bounds),
    clamp(query.max ?? bounds[1], bounds),
  ];
  const { facets, total } = listing;
  return (
    <>
      {FACETS.filter((f) => facets[f.name].length >= f.shownFrom).map((f) => (
        <FacetNav
          key={f.name}
          label={f.label}
          allLabel={f.allLabel}
          allCount={query[f.name] ? sum(facets[f.name]) : total}
          facets={facets[f.name]}
          current={query[f.name]}
          searchFor={(name) => searchFor({ [f.name]: name, min: null, max: null })}
        />
      ))}
      {bounds[1] > 0 && (
        <PriceFilter
          key={`${bounds[0]}-${bounds[1]}-${range[0]}-${range[1]}`}
          bounds={bounds}
          range={range}
          onApply={([low, high]) =>
            go({ min: low === bounds[0] ? null : low, max: high === bounds[1] ? null : high })
          }
        />
      )}
    </>
  );
}

/** Why nothing is listed, with the way back that fits. */
function EmptyResult({ query, onReset }: { query: CatalogueQuery; onReset: () => void }) {
  const button = 'rounded border border-slate-300 px-4 py-2 hover:bg-slate-100';
  if (query.min !== null || query.max !== null) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="text-lg font-medium">No products in this price range</p>
        <p className="text-slate-600">Try a wider range, or reset the filter to see everything.</p>
        <button type="button" onClick={onReset} className={button}>
          Reset filter
        </button>
      </div>
    );
  }
  const title = query.q
    ? `No products match “${query.q}”`
    : query.category && !query.brand && !query.inStock
      ? `No products in ${query.category}`
      : 'No products match these filters';
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-lg font-medium">{title}</p>
      <Link to={{ search: '' }} className={button}>
        Show all products
      </Link>
    </div>
  );
}
