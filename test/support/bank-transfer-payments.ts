import { createPayments, type Payments } from '../../shared/backend/payments/payments.js';
import type { Store } from '../../shared/backend/store/port.js';

/** Payments as a shop without card payments has them: bank transfer only. */
export function bankTransferPayments(store: Pick<Store, 'orders'>): Payments {
  return createPayments(
    {
      payments: {
        stripe: null,
        bankTransfer: { bankName: 'Test Bank', accountName: 'Shop', routingNumber: '1', accountNumber: '2' },
      },
    },
    store,
  );
}
