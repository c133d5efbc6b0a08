import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../../shared/web/spinner.js';
import { OrderDetail } from './order-detail.js';
import { useAdminOrder, useOrderChanged } from './use-admin-orders.js';

/** /admin/orders/:orderId — one order under the list; closing it returns to the list as it was. */
export function OrderDetailRoute() {
  const orderId = useParams().orderId!;
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data: order, error } = useAdminOrder(orderId);
  const changed = useOrderChanged();
  if (error && !order)
    return (
      <p role="alert" className="mt-6 rounded bg-white p-6">
        Cannot load the order: {(error as Error).message}
      </p>
    );
  if (!order) return <Spinner label="Loading the order..." />;
  return (
    <OrderDetail
      order={order}
      onChanged={changed}
      onClose={() => navigate({ pathname: '/orders', search })}
    />
  );
}
