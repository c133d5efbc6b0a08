import useSWR from 'swr';
import { formatPrice } from '../../../shared/domain/money.js';
import { api } from '../../../shared/web/api.js';
import { Spinner } from '../../../shared/web/spinner.js';

export function ProductsPage() {
  const {
    data: products,
    error,
    mutate,
  } = useSWR('/admin/products', async () => (await api.admin.products.list()).products);
  if (error) return <p role="alert">{error.message}</p>;
  if (!products) return <Spinner />;
  return (
    <table className="w-full bg-white text-left text-sm shadow-sm">
      <thead>
        <tr>
          <th className="p-2">Name</th>
          <th className="p-2">Price</th>
          <th className="p-2">Available</th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.id} className="border-t">
            <td className="p-2">{p.name}</td>
            <td className="p-2">{formatPrice(p.price)}</td>
            <td className="p-2">
              <input
                type="checkbox"
                aria-label={`${p.name} available`}
                checked={p.available}
                onChange={(e) => {
                  const available = e.target.checked;
                  void mutate(
                    async (list = []) => {
                      const { product } = await api.admin.products.setAvailability(p.id, available);
                      return list.map((x) => (x.id === p.id ? product : x));
                    },
                    {
                      optimisticData: (list = []) =>
                        list.map((x) => (x.id === p.id ? { ...x, available } : x)),
                      rollbackOnError: true,
                      revalidate: false,
                    },
                  );
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
