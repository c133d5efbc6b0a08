import { Spinner } from '../../../shared/web/spinner.js';
import { useProducts } from '../catalogue/use-products.js';
import { StoreListing } from './store-listing.js';

export function StorePage() {
  const { data: products, error } = useProducts();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Store</h1>
      {error && (
        <p role="alert" className="text-red-700">
          The catalogue could not be loaded. Please try again shortly.
        </p>
      )}
      {!products && !error && <Spinner />}
      {products && <StoreListing products={products} />}
    </div>
  );
}
