import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { ADMIN_PAGE_SIZE } from '../../../shared/domain/constants.js';
import { clampPage, pageItems, totalPages } from '../../../shared/domain/pagination.js';
import type { Product } from '../../../shared/domain/product.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { ConfirmDialog } from '../../../shared/web/confirm-dialog.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { inputClass } from '../ui/field.js';
import { Pager } from '../ui/pager.js';
import { TableHead } from '../ui/table-head.js';
import { PRODUCT_SORTS, type ProductSort, queryProducts } from './product-query.js';
import { ProductRow } from './product-row.js';
import { useAdminProducts } from './use-admin-products.js';

/** /admin and /admin/manage-products: every product, 10 a page, searchable and sortable. */
export function ProductsPage() {
  const { data: products, error, mutate } = useAdminProducts();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ProductSort>('name');
  const [page, setPage] = useState(0);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);

  if (error && !products) return <p role="alert">Cannot load the products: {error.message}</p>;
  if (!products) return <Spinner label="Loading products..." />;

  const matches = queryProducts(products, search, sort);
  const pages = totalPages(matches.length, ADMIN_PAGE_SIZE);
  const shownPage = clampPage(page, pages);

  const setAvailability = (product: Product, available: boolean) =>
    mutate(
      async (list = []) => {
        const { product: saved } = await adminApi.products.setAvailability(product.id, available);
        return list.map((p) => (p.id === saved.id ? saved : p));
      },
      {
        optimisticData: (list = []) => list.map((p) => (p.id === product.id ? { ...p, available } : p)),
        rollbackOnError: true,
        revalidate: false,
      },
    ).catch((err: Error) => toast.error(`Could not change “${product.name}”: ${err.message}`));

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi.products.delete(deleting.id);
      await mutate((list = []) => list.filter((p) => p.id !== deleting.id), { revalidate: false });
      toast.success(`Deleted “${deleting.name}”`);
      setDeleting(null);
    } catch (err) {
      toast.error(`Could not delete “${deleting.name}”: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-2xl font-semibold">Manage Products</h1>
        <label className="flex flex-col text-sm">
          Search by name
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col text-sm">
          Sort by
          <select
            value={sort}
            onChange={(e) => setSort(e.target.value as ProductSort)}
            className={inputClass}
          >
            {Object.entries(PRODUCT_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Link to="/manage-products/new" className="rounded bg-teal-700 px-3 py-2 text-white">
          Add product
        </Link>
      </div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {matches.length === products.length
          ? `${products.length} products`
          : `${matches.length} of ${products.length} products match`}
      </p>
      {matches.length === 0 ? (
        <p className="rounded bg-white p-6 text-center">No products match “{search.trim()}”.</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full bg-white text-left text-sm shadow-sm">
            <TableHead
              columns={[
                '~Image',
                'Name',
                'Category',
                'Price',
                'Variants',
                'Stock',
                'Added',
                'Available',
                '~Actions',
              ]}
              right={['Price', 'Variants', 'Stock']}
            />
            <tbody>
              {pageItems(matches, shownPage, ADMIN_PAGE_SIZE).map((p) => (
                <ProductRow
                  key={p.id}
                  product={p}
                  onAvailability={(available) => void setAvailability(p, available)}
                  onDelete={() => setDeleting(p)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={shownPage} pages={pages} onPage={setPage} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        “{deleting?.name}” will be removed from the shop for good. Orders already placed keep their copy.
      </ConfirmDialog>
    </section>
  );
}
