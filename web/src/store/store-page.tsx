import { Spinner } from '../../../shared/web/spinner.js';
import { useProducts } from '../catalogue/use-products.js';
import { LoadFailed } from '../layout/load-failed.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { StoreListing } from './store-listing.js';
import { useCategories } from './use-categories.js';

export function StorePage() {
  usePageTitle('Store');
  const { data: products, error, mutate } = useProducts();
  // The listing works without categories; they only add a way to browse.
  const { data: categories } = useCategories();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Store</h1>
      {error && <LoadFailed what="The catalogue" onRetry={() => void mutate()} />}
      {!products && !error && <Spinner />}
      {products && <StoreListing products={products} categories={categories} />}
    </div>
  );
}
