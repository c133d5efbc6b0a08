import { Link } from 'react-router-dom';
import { formatPrice } from '../../../shared/domain/money.js';
import type { Product } from '../../../shared/domain/product.js';
import { formatDate } from '../../../shared/web/dates.js';

export function ProductRow({
  product: p,
  onAvailability,
  onDelete,
}: {
  product: Product;
  onAvailability(available: boolean): void;
  onDelete(): void;
}) {
  return (
    <tr
      className={`border-t ${p.available ? '' : 'bg-slate-50 text-slate-500'}`}
      data-testid="admin-product-row"
    >
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
      </td>
      <td className="p-2">{p.category}</td>
      <td className="p-2 text-right">{formatPrice(p.price)}</td>
      <td className="p-2 text-right">{p.stock ?? '—'}</td>
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
