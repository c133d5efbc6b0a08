import { useState } from 'react';
import { ApiError } from '../../../shared/api/errors.js';
import { api } from '../../../shared/web/api.js';
import { FormMessage } from '../forms/form-controls.js';

/** Starts (again) the card payment of an unpaid order and follows the provider's redirect. */
export function PayNowButton({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      const { payment } = await api.orders.pay(orderId);
      if (payment.kind === 'redirect') window.location.assign(payment.url);
      else setError('This order is paid by bank transfer; see the instructions above.');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The payment could not be started');
    }
    setBusy(false);
  };
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        onClick={onClick}
        disabled={busy}
        className="self-start rounded-md bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
      >
        {busy ? 'Opening payment...' : 'Pay now'}
      </button>
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </div>
  );
}
