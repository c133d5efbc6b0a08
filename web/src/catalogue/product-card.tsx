import { Link } from 'react-router-dom';
import type { ProductSummary } from '../../../shared/domain/catalogue-listing.js';
import { formatPrice } from '../../../shared/domain/money.js';
import { ProductImage } from './product-image.js';

function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  return (
    <li data-testid="product-card" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <Link
        to={`/products/${encodeURIComponent(product.id)}`}
        className="flex flex-col p-3 hover:text-teal-800 sm:p-4"
      >
        <ProductImage src={product.imgUrl} alt={product.name} size={300} eager={eager} className="w-full" />
        <h3 className="mt-3 font-semibold">{product.name}</h3>
        <p className="flex flex-wrap items-center justify-between gap-2 text-teal-700">
          <span>
            {product.pricesDiffer ? 'from ' : ''}
            {formatPrice(product.price)}
          </span>
          {!product.inStock && (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">
              Out of stock
            </span>
          )}
        </p>
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
    <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3">
      {products.map((p) => (
        <ProductCard key={p.id} product={p} eager={eager} />
      ))}
    </ul>
  );
}
