const KEY = 'checkoutIdempotencyKey';

/**
 * The key that makes placing this checkout's order safe to retry: kept for the browser tab's session,
 * so a double click, a lost response or a reload sends the same key and the server returns the same order.
 */
export function checkoutKey(storage: Storage = window.sessionStorage): string {
  const existing = storage.getItem(KEY);
  if (existing) return existing;
  const fresh = crypto.randomUUID();
  storage.setItem(KEY, fresh);
  return fresh;
}

/** Called once the order exists, so the next checkout places a new order. */
export function forgetCheckoutKey(storage: Storage = window.sessionStorage): void {
  storage.removeItem(KEY);
}
