import { z } from 'zod';

/**
 * A cart line; its key (`id`) is the variant's id. Lines saved before variants existed are keyed by
 * product id and have no productId or variantId: they read as that product's only variant.
 */
export const cartLineSchema = z.object({
  id: z.string().min(1),
  productId: z.string().min(1).optional(),
  variantId: z.string().min(1).optional(),
  /** The variant's option values, e.g. `{ Size: "10 mg" }`. */
  options: z.record(z.string(), z.string()).catch({}).optional(),
  name: z.string(),
  imgUrl: z.string().catch(''),
  price: z.number().min(0),
  quantity: z.int().min(1),
  /** The size's quantity breaks as the catalogue gave them; damaged ones are dropped (the server prices anyway). */
  priceTiers: z
    .array(z.object({ minQuantity: z.int().min(1), percentOff: z.number().gt(0).lt(100) }))
    .optional()
    .catch(undefined),
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
    'cartList is keyed by variant id (product id for lines saved before variants) and cartQuantity is the sum of its quantities',
  );
