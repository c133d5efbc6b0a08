import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { adminApi } from '../../../shared/web/admin-api.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { AuditHistory } from '../audit/audit-history.js';
import { cacheKeys } from '../cache-keys.js';
import { LotsSection } from './lots-section.js';
import { ProductForm } from './product-form.js';
import { EMPTY_FORM, formValuesOf } from './product-form-values.js';

/** /admin/manage-products/new and /admin/manage-products/:productId. */
export function ProductEditPage() {
  const { productId } = useParams();
  const { data, error, isValidating } = useSWR(
    productId ? cacheKeys.product(productId) : null,
    async () => (await adminApi.products.get(productId!)).product,
    // Every visit reads afresh, even one within SWR's usual 2 s of the last read (reopened right after a save).
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateOnMount: true, dedupingInterval: 0 },
  );
  if (!productId)
    return (
      <>
        <ProductForm productId={null} initial={EMPTY_FORM} />
        <p className="mt-6 text-sm text-slate-600">
          Lots and their certificates can be added once the product is saved.
        </p>
      </>
    );
  if (error) return <p role="alert">Cannot open this product: {error.message}</p>;
  // A copy cached from an earlier visit may be out of date: the form starts from a fresh read.
  if (!data || isValidating) return <Spinner label="Loading product..." />;
  return (
    <>
      <ProductForm key={data.id} productId={data.id} initial={formValuesOf(data)} version={data.version} />
      <LotsSection key={`lots-${data.id}`} product={data} />
      <AuditHistory entity="product" entityId={data.id} revision={data.version} />
    </>
  );
}
