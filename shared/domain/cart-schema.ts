import { z } from 'zod';

export const cartLineSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  imgUrl: z.string().catch(''),
  price: z.number().min(0),
  quantity: z.int().min(1),
});

export const cartSchema = z
  .object({
    cartList: z.record(z.string(), cartLineSchema),
    cartQuantity: z.int().min(0),
  })
  .refine(
    (cart) =>
      Object.entries(cart.cartList).every(([id, line]) => line.id === id) &&
      Object.values(cart.cartList).reduce((sum, line) => sum + line.quantity, 0) === cart.cartQuantity,
    'cartList is keyed by product id and cartQuantity is the sum of its quantities',
  );
