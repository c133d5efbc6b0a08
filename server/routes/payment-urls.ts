import type { Context } from 'hono';
import type { ShopConfig } from '../../shared/backend/config.js';
import type { Order } from '../../shared/domain/order.js';

/** Where a payment provider sends the shopper back: the configured public URL, else this request's origin. */
export function paymentUrls(c: Context, config: Pick<ShopConfig, 'publicUrl'>, order: Pick<Order, 'id'>) {
  const base = config.publicUrl ?? new URL(c.req.url).origin;
  const id = encodeURIComponent(order.id);
  return {
    success: `${base}/checkout/success?order=${id}&session_id={CHECKOUT_SESSION_ID}`,
    cancel: `${base}/order-details/${id}?payment=cancelled`,
  };
}
