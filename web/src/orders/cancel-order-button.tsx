import { useState } from 'react';
import toast from 'react-hot-toast';
import type { OrderResponse } from '../../../shared/api/client.js';
import { ApiError } from '../../../shared/api/errors.js';
import type { Order } from '../../../shared/domain/order.js';
import { api } from '../../../shared/web/api.js';
import { CancelOrderDialog } from '../../../shared/web/confirm-dialog.js';
import { FormMessage } from '../forms/form-controls.js';

/** Lets the shopper cancel an order they have not paid for yet; the server puts its stock back. */
export function CancelOrderButton({
  order,
  onCancelled,
}: {
  order: Order;
  onCancelled(response: OrderResponse): void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onCancelled(await api.orders.cancel(order.id));
      toast.success(`Order ${order.number} is cancelled`);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.message : 'The order could not be cancelled; please try again',
      );
    }
    setBusy(false);
    setAsking(false);
  };
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="self-start rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
      >
        Cancel order
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <CancelOrderDialog
        orderNumber={order.number}
        open={asking}
        busy={busy}
        onConfirm={cancel}
        onCancel={() => setAsking(false)}
      >
        Nothing has been charged. The items go back on sale, and you can order again at any time.
      </CancelOrderDialog>
    </div>
  );
}
