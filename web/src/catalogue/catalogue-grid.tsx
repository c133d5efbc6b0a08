import { formatPrice } from '../../../shared/domain/money.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { useProducts } from './use-products.js';

export function CatalogueGrid() {
  const { data: products, error } = useProducts();
  if (error) return <p role="alert">The catalogue could not be loaded.</p>;
  if (!products) return <Spinner />;
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((p) => (
        <li key={p.id} data-testid="product-card" className="rounded-lg bg-white p-4 shadow-sm">
          <img
            src={p.imgUrl}
            alt={p.name}
            width={300}
            height={300}
            loading="lazy"
            className="aspect-square w-full"
          />
          <h2 className="mt-3 font-semibold">{p.name}</h2>
          <p className="text-teal-700">{formatPrice(p.price)}</p>
        </li>
      ))}
    </ul>
  );
}
