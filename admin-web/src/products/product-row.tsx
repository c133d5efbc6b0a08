import { Link } from 'react-router-dom';
import { formatPrice } from '../../../shared/domain/money.js';
import type { Product } from '../../../shared/domain/product.js';
import { hasBuyableVariant, pricesDiffer, totalStock } from '../../../shared/domain/variant.js';
import { formatDate } from '../../../shared/web/dates.js';

export function ProductRow({
  product: p,
  selected,
  onSelect,
  onAvailability,
  onDelete,
}: {
  product: Product;
  selected: boolean;
  onSelect(selected: boolean): void;
  onAvailability(available: boolean): void;
  onDelete(): void;
}) {
  const stock = totalStock(p.variants);
  // Shown in the store but nothing in it can go in a cart: every variant switched off or sold out.
  const nothingToSell = p.available && !hasBuyableVariant(p);
  return (
    <tr
      className={`border-t ${p.available ? '' : 'bg-slate-50 text-slate-500'}`}
      data-testid="admin-product-row"
    >
      <td className="p-2">
        <input
          type="checkbox"
          aria-label={`Select ${p.name}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          className="h-4 w-4"
        />
      </td>
      <td className="p-2">
        {p.imgUrl ? (
          <img src={p.imgUrl} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" />
        ) : (
          <span className="block h-10 w-10 rounded bg-slate-200" />
        )}
      </td>
      <td className="p-2">
        <Link to={`/manage-products/${encodeURIComponent(p.id)}`} className="text-teal-800 underline">
          {p.name}
        </Link>
        {nothingToSell && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
            Nothing to sell
          </span>
        )}
      </td>
      <td className="p-2">{p.category}</td>
      <td className="p-2 text-right">
        {pricesDiffer(p.variants) ? 'from ' : ''}
        {formatPrice(p.price)}
      </td>
      <td className="p-2 text-right">{p.variants.length}</td>
      <td className="p-2 text-right" title={stock === null ? 'Stock is not tracked' : undefined}>
        {stock ?? '—'}
      </td>
      <td className="p-2">{formatDate(p.createdAt)}</td>
      <td className="p-2">
        <input
          type="checkbox"
          role="switch"
          aria-checked={p.available}
          aria-label={`${p.name} available`}
          checked={p.available}
          onChange={(e) => onAvailability(e.target.checked)}
          className="h-5 w-5 accent-teal-700"
        />
      </td>
      <td className="p-2 text-right">
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${p.name}`}
          className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
