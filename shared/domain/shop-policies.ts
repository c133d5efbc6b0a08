import { DISPATCH_WORKING_DAYS, SUPPORT_EMAIL } from './constants.js';

// The shop's shipping and cancellation rules in words, built from the constants and the transitions
// the code enforces (order-transitions.ts), so the terms, the home page and the order pages say the same.

/** Staff set the rates (shipping-rates.ts), so the words promise only what every setting keeps. */
export const SHIPPING_RATE_POLICY =
  'Shipping is priced by destination and order and shown at checkout, where you choose the rate, before you pay.';

export const DISPATCH_POLICY = `Paid orders leave us within ${DISPATCH_WORKING_DAYS} working days, with a tracking number for every parcel.`;

export const UNPAID_ORDER_POLICY = `A bank-transfer order is held until the payment deadline given with its payment details; one still unpaid then is cancelled and its items go back on sale. An order awaiting a card payment is cancelled the same way when Stripe's payment page expires unpaid.`;

/** Shoppers cancel unpaid orders themselves; a paid one only staff cancel (with a full refund), a shipped one nobody. */
export const CANCELLATION_POLICY = `You can cancel an order yourself, from its page, until you pay for it. Once it is paid, write to ${SUPPORT_EMAIL} before it ships and we cancel it and refund you in full. A shipped order can no longer be cancelled; see returns below.`;

/** What the page of a paid, unshipped order tells its shopper instead of offering a cancel button. */
export const PAID_ORDER_CANCELLATION = `To cancel this order, write to ${SUPPORT_EMAIL} before it ships and we refund you in full.`;
