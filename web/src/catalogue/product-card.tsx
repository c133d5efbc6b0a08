import { Link } from 'react-router-dom';
import type { ProductSummary } from '../../../shared/domain/catalogue-listing.js';
import { formatPrice } from '../../../shared/domain/money.js';
import { ProductImage } from './product-image.js';

// Every card is the same height whatever it holds (names of one or two lines, a badge or none), so a
// placeholder card of these sizes stands exactly where the product will.
const CARD = 'relative rounded-lg bg-white shadow-sm ring-1 ring-slate-200';
const CARD_BODY = 'flex flex-col p-3 sm:p-4';
const NAME = 'mt-3 line-clamp-2 min-h-[2lh] font-semibold';
const PRICE = 'truncate text-teal-700';
const GRID = 'grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3';

function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  return (
    <li data-testid="product-card" className={CARD}>
      <Link to={`/products/${encodeURIComponent(product.id)}`} className={`${CARD_BODY} hover:text-teal-800`}>
        <ProductImage src={product.imgUrl} alt={product.name} size={300} eager={eager} className="w-full" />
        <h3 className={NAME}>{product.name}</h3>
        <p className={PRICE}>
          {product.pricesDiffer ? 'from ' : ''}
          {formatPrice(product.price)}
        </p>
        {/* Laid over the image, so a card with the badge is no taller than one without. */}
        {!product.inStock && (
          <span className="absolute top-5 left-5 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700 sm:top-6 sm:left-6">
            Out of stock
          </span>
        )}
      </Link>
    </li>
  );
}

export function ProductGrid({
  products,
  eager = false,
}: {
  products: readonly ProductSummary[];
  eager?: boolean;
}) {
  return (
    <ul className={GRID}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} eager={eager} />
      ))}
    </ul>
  );
}

/** `count` grey cards of a product card's size, held while the products load. */
export function ProductGridPlaceholder({ count }: { count: number }) {
  return (
    <ul className={GRID} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
        <li key={i} data-testid="product-card-placeholder" className={CARD}>
          <div className={CARD_BODY}>
            <div className="aspect-square w-full animate-pulse rounded bg-slate-100" />
            <div className={NAME}>
              <div className="h-[1lh] w-3/4 rounded bg-slate-100" />
            </div>
            <p className={PRICE}>
              <span className="inline-block h-[1lh] w-16 rounded bg-slate-100 align-top" />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
