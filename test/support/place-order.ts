import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { CheckoutResponse } from '../../shared/api/client.js';
import type { OrderRepository } from '../../shared/backend/store/port.js';
import type { Order, PaymentProvider } from '../../shared/domain/order.js';
import { TEST_ADDRESS } from './constants.js';
import { at, listedProducts } from './listed-products.js';

/** The body of a checkout by bank transfer of these lines, under a new idempotency key. */
export const bankTransferCheckout = (
  lines: { productId: string; variantId?: string; quantity: number }[],
) => ({
  lines,
  shippingAddress: TEST_ADDRESS,
  paymentMethod: 'manual',
  attestations: { adult: true, researchUse: true },
  idempotencyKey: randomUUID(),
});

/**
 * Places a bank-transfer order through the shop's API, for two of the first listed product's first size unless
 * told which and how many; its number.
 */
export async function placeBankTransferOrder(
  shopUrl: string,
  idToken: string,
  line?: { productId: string; variantId?: string; quantity: number },
): Promise<string> {
  const firstListed = async () => {
    const [first] = await listedProducts(at(shopUrl));
    return { productId: first!.id, variantId: first!.variants[0]!.id, quantity: 2 };
  };
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(bankTransferCheckout([line ?? (await firstListed())])),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as CheckoutResponse).order.number;
}

/** Places an order (bank transfer unless told) straight through a store, whose clock sets when. */
export async function placeStoredOrder(
  orders: OrderRepository,
  productId: string,
  quantity: number,
  { email = 'buyer@example.com', key = randomUUID(), provider = 'manual' as PaymentProvider } = {},
): Promise<Order> {
  const placed = await orders.place({
    uid: `uid-${email}`,
    email,
    lines: [{ productId, quantity }],
    shippingAddress: { ...TEST_ADDRESS, line2: '' },
    paymentProvider: provider,
    idempotencyKey: key,
  });
  return placed.order;
}
