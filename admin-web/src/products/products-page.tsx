import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import type { AdminProductPage } from '../../../shared/domain/admin-product-listing.js';
import { LOW_STOCK_UNITS } from '../../../shared/domain/catalogue-listing.js';
import type { Product } from '../../../shared/domain/product.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { ConfirmDialog } from '../../../shared/web/confirm-dialog.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { ChoiceSelect } from '../ui/choice-select.js';
import { inputClass } from '../ui/field.js';
import { Pager } from '../ui/pager.js';
import { TableHead } from '../ui/table-head.js';
import { useSearchBox } from '../ui/use-search-box.js';
import { BulkActionsBar } from './bulk-actions-bar.js';
import { PRODUCT_SORTS, type ProductListQuery, useProductListQuery } from './product-list-url.js';
import { ProductRow } from './product-row.js';
import { useAdminProducts } from './use-admin-products.js';

/**
 * /admin and /admin/manage-products: one page of products (10) as the server searches, filters
 * (category, availability, stock), sorts and pages them, all kept in the URL.
 */
export function ProductsPage() {
  const [query, change] = useProductListQuery();
  const { data, error, mutate } = useAdminProducts(query);
  const [search, setSearch] = useSearchBox(query.q, (q) => change({ q }));
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlyMap<string, Product>>(new Map());
  const select = (products: Product[], on: boolean) =>
    setSelected((now) => {
      const next = new Map(now);
      for (const p of products) on ? next.set(p.id, p) : next.delete(p.id);
      return next;
    });
  const allSelected = !!data && data.products.length > 0 && data.products.every((p) => selected.has(p.id));

  const withProducts = (page: AdminProductPage | undefined, products: (list: Product[]) => Product[]) =>
    page && { ...page, products: products(page.products) };

  const setAvailability = (product: Product, available: boolean) =>
    mutate(
      async (page) => {
        const { product: saved } = await adminApi.products.setAvailability(product.id, available);
        return withProducts(page, (list) => list.map((p) => (p.id === saved.id ? saved : p)));
      },
      {
        optimisticData: (page) =>
          withProducts(page, (list) => list.map((p) => (p.id === product.id ? { ...p, available } : p)))!,
        rollbackOnError: true,
        revalidate: false,
      },
    ).catch((err: Error) => toast.error(`Could not change “${product.name}”: ${err.message}`));

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi.products.delete(deleting.id);
      await mutate((page) => withProducts(page, (list) => list.filter((p) => p.id !== deleting.id)), {
        revalidate: true,
      });
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
          Search
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className={inputClass}
          />
        </label>
        <ChoiceSelect
          label="Category"
          value={query.category}
          choices={[
            ['', 'All categories'],
            ...(query.category && !data?.categories.some((c) => c.name === query.category)
              ? [[query.category, query.category] as const]
              : []),
            ...(data?.categories.map((c) => [c.name, `${c.name} (${c.count})`] as const) ?? []),
          ]}
          onChange={(category) => change({ category })}
        />
        <ChoiceSelect
          label="Availability"
          value={query.available}
          choices={[
            ['', 'All products'],
            ['true', 'Available'],
            ['false', 'Unavailable'],
          ]}
          onChange={(available) => change({ available })}
        />
        <ChoiceSelect
          label="Stock"
          value={query.stock}
          choices={[
            ['', 'Any stock'],
            ['in', 'In stock'],
            ['out', 'Out of stock'],
            ['low', `Low stock (${LOW_STOCK_UNITS} or fewer)`],
          ]}
          onChange={(stock) => change({ stock })}
        />
        <ChoiceSelect
          label="Sort by"
          value={query.sort}
          choices={Object.entries(PRODUCT_SORTS) as [ProductListQuery['sort'], string][]}
          onChange={(sort) => change({ sort })}
        />
        <Link to="/manage-products/new" className="rounded bg-teal-700 px-3 py-2 text-white">
          Add product
        </Link>
      </div>
      {error && !data && <p role="alert">Cannot load the products: {(error as Error).message}</p>}
      {!data && !error && <Spinner label="Loading products..." />}
      {data && (
        <p className="mb-2 text-sm text-slate-600" aria-live="polite">
          {data.total === 1 ? '1 product' : `${data.total} products`}
        </p>
      )}
      {data && data.total === 0 && (
        <p className="rounded bg-white p-6 text-center">
          {query.q ? `No products match “${query.q}”.` : 'No products match.'}
        </p>
      )}
      <BulkActionsBar
        selected={selected}
        onClear={() => setSelected(new Map())}
        onSettled={(done) => {
          select(
            done.map((id) => selected.get(id)!),
            false,
          );
          return mutate();
        }}
      />
      {data && data.total > 0 && (
        <label className="mb-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(e) => select(data.products, e.target.checked)}
            className="h-4 w-4"
          />
          Select all on this page
        </label>
      )}
      {data && data.total > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full bg-white text-left text-sm shadow-sm">
            <TableHead
              columns={[
                '~Select',
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
              {data.products.map((p) => (
                <ProductRow
                  key={p.id}
                  product={p}
                  selected={selected.has(p.id)}
                  onSelect={(on) => select([p], on)}
                  onAvailability={(available) => void setAvailability(p, available)}
                  onDelete={() => setDeleting(p)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={data.page - 1} pages={data.totalPages} onPage={(p) => change({ page: p + 1 })} />}
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
