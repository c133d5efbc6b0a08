import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartLineTotalCents,
  cartLineUnitCents,
  cartTotalCents,
  changeQuantity,
  clampLineQuantity,
  emptyCart,
  parseStoredCart,
  readStoredLine,
  recheckCart,
  removeFromCart,
  setCart,
  updateCart,
} from '../../shared/domain/cart.js';
import { cartLineSchema, cartSchema } from '../../shared/domain/cart-schema.js';
import { CART_STORAGE_KEY, STORE_NAME } from '../../shared/domain/constants.js';

const bpc = { id: 'bpc', name: 'BPC-157', imgUrl: '/images/bpc.svg', price: 39.99 };
const tb = { id: 'tb', name: 'TB-500', imgUrl: '/images/tb.svg', price: 44.5 };

describe('cart', () => {
  it('is stored under the store name plus Cart', () => {
    expect(CART_STORAGE_KEY).toBe(`${STORE_NAME}Cart`);
  });

  it('set replaces the list and recomputes the quantity', () => {
    const cart = setCart({ bpc: { ...bpc, quantity: 2 }, tb: { ...tb, quantity: 3 } });
    expect(cart.cartQuantity).toBe(5);
    expect(setCart({}).cartQuantity).toBe(0);
  });

  it('update merges lines, replacing those with the same id', () => {
    const cart = setCart({ bpc: { ...bpc, quantity: 2 } });
    const merged = updateCart(cart, { tb: { ...tb, quantity: 1 }, bpc: { ...bpc, quantity: 4 } });
    expect(merged.cartQuantity).toBe(5);
    expect(merged.cartList.bpc?.quantity).toBe(4);
    expect(cart.cartQuantity).toBe(2);
  });

  it('add puts a new line or raises the existing one', () => {
    let cart = addToCart(emptyCart(), bpc, 2);
    cart = addToCart(cart, bpc);
    cart = addToCart(cart, tb, 1);
    expect(cart.cartList.bpc?.quantity).toBe(3);
    expect(cart.cartQuantity).toBe(4);
  });

  it('change quantity replaces the quantity; below 1 or fractional is ignored', () => {
    const cart = addToCart(emptyCart(), bpc, 2);
    expect(changeQuantity(cart, 'bpc', 5).cartQuantity).toBe(5);
    expect(changeQuantity(cart, 'bpc', 0)).toBe(cart);
    expect(changeQuantity(cart, 'bpc', 1.5)).toBe(cart);
    expect(changeQuantity(cart, 'nope', 3)).toBe(cart);
  });

  it('remove deletes the entry and recomputes', () => {
    const cart = addToCart(addToCart(emptyCart(), bpc, 2), tb, 1);
    const after = removeFromCart(cart, 'bpc');
    expect(Object.keys(after.cartList)).toEqual(['tb']);
    expect(after.cartQuantity).toBe(1);
    expect(removeFromCart(after, 'bpc')).toBe(after);
  });

  it('totals price times quantity in cents', () => {
    const cart = addToCart(addToCart(emptyCart(), bpc, 3), tb, 2);
    expect(cartTotalCents(cart)).toBe(3 * 3999 + 2 * 4450);
    expect(cartTotalCents(emptyCart())).toBe(0);
  });

  it('totals a line that reaches a quantity tier at the tier’s unit price, rounded half up per unit', () => {
    // $39.99 at 12.5% off: 4.99875 off → $5.00 (half up), so $34.99 a unit.
    const tiered = { ...bpc, priceTiers: [{ minQuantity: 10, percentOff: 12.5 }] };
    expect(cartLineUnitCents({ ...tiered, quantity: 9 })).toBe(3999);
    expect(cartLineUnitCents({ ...tiered, quantity: 10 })).toBe(3499);
    expect(cartLineTotalCents({ ...tiered, quantity: 10 })).toBe(34990);
    expect(cartTotalCents(addToCart(addToCart(emptyCart(), tiered, 10), tb, 1))).toBe(34990 + 4450);
  });

  it('reads a stored cart, dropping damaged lines and recomputing the quantity', () => {
    const stored = JSON.stringify({
      cartList: {
        bpc: { ...bpc, quantity: 2 },
        bad: { id: 'bad', name: 'x', price: 'free', quantity: 1 },
        zero: { id: 'zero', name: 'z', price: 1, quantity: 0 },
      },
      cartQuantity: 999,
    });
    const cart = parseStoredCart(stored);
    expect(Object.keys(cart.cartList)).toEqual(['bpc']);
    expect(cart.cartQuantity).toBe(2);
    expect(parseStoredCart(null)).toEqual(emptyCart());
    expect(parseStoredCart('{not json')).toEqual(emptyCart());
    expect(parseStoredCart('null')).toEqual(emptyCart());
  });

  it('drops lines with an infinite or negative price, a fractional quantity or no name, and keeps a line whose image is missing', () => {
    const lines = {
      bpc: { id: 'bpc', name: 'BPC-157', price: 39.99, quantity: 1 },
      neg: { ...tb, price: -1, quantity: 1 },
      frac: { ...tb, quantity: 1.5 },
      noname: { id: 'noname', price: 1, quantity: 1 },
      str: 'not a line',
    };
    // JSON has no Infinity; 1e999 is how one arrives from a hand-edited entry.
    const stored = JSON.stringify({ cartList: lines }).replace(
      '"str":',
      '"inf":{"id":"inf","name":"i","price":1e999,"quantity":1},"str":',
    );
    const cart = parseStoredCart(stored);
    expect(Object.keys(cart.cartList)).toEqual(['bpc']);
    expect(cart.cartList.bpc?.imgUrl).toBe('');
    expect(cart.cartQuantity).toBe(1);
  });

  it('takes a line id from its key, so a line cannot claim another product', () => {
    const cart = parseStoredCart(JSON.stringify({ cartList: { bpc: { ...bpc, id: 'tb', quantity: 1 } } }));
    expect(cart.cartList.bpc?.id).toBe('bpc');
  });
});

describe('cart schemas', () => {
  it('accept every cart the cart operations produce', () => {
    let cart = addToCart(emptyCart(), bpc, 3);
    cart = addToCart(cart, tb);
    expect(cartSchema.safeParse(cart).success).toBe(true);
    expect(cartSchema.safeParse(removeFromCart(cart, 'bpc')).success).toBe(true);
    expect(cartSchema.safeParse(emptyCart()).success).toBe(true);
  });

  it('refuse a cart whose quantity is not the sum of its lines, or whose line sits under another id', () => {
    const cart = addToCart(emptyCart(), bpc, 2);
    expect(cartSchema.safeParse({ ...cart, cartQuantity: 5 }).success).toBe(false);
    expect(cartSchema.safeParse({ cartList: { tb: { ...bpc, quantity: 2 } }, cartQuantity: 2 }).success).toBe(
      false,
    );
  });

  it('and the stored-cart reader agree on every line, so the first-load check cannot drift from them', () => {
    const samples: unknown[] = [
      { ...bpc, quantity: 1 },
      { ...bpc, quantity: 99, imgUrl: 42 },
      { name: 'no image', price: 0, quantity: 1 },
      { ...bpc, quantity: 0 },
      { ...bpc, quantity: 1.5 },
      { ...bpc, quantity: '2' },
      { ...bpc, price: -1, quantity: 1 },
      { ...bpc, price: Number.POSITIVE_INFINITY, quantity: 1 },
      { ...bpc, price: Number.NaN, quantity: 1 },
      { ...bpc, price: '39.99', quantity: 1 },
      { ...bpc, quantity: 1, priceTiers: [{ minQuantity: 10, percentOff: 10 }] },
      { ...bpc, quantity: 1, priceTiers: [{ minQuantity: 10, percentOff: 10, extra: true }] },
      { ...bpc, quantity: 1, priceTiers: [{ minQuantity: 10, percentOff: 0 }] },
      { ...bpc, quantity: 1, priceTiers: [{ minQuantity: 1.5, percentOff: 10 }] },
      { ...bpc, quantity: 1, priceTiers: [{ minQuantity: 10, percentOff: 100 }] },
      { ...bpc, quantity: 1, priceTiers: 'ten off' },
      { price: 1, quantity: 1 },
      null,
      'line',
    ];
    for (const sample of samples) {
      const read = readStoredLine('bpc', sample);
      const parsed = cartLineSchema.safeParse(
        sample && typeof sample === 'object' ? { ...sample, id: 'bpc' } : sample,
      );
      expect({ sample, accepted: read !== null }).toEqual({ sample, accepted: parsed.success });
      if (read && parsed.success) expect(read).toEqual(parsed.data);
    }
  });

  it('refuse a line without a positive whole quantity or with a negative price', () => {
    expect(cartLineSchema.safeParse({ ...bpc, quantity: 0 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...bpc, quantity: 2.5 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...bpc, quantity: 1, price: -0.01 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ ...bpc, quantity: 1 }).success).toBe(true);
  });
});

/** A catalogue product sold one way, its variant keeping the product's id as migrated products do. */
const entry = (p: { id: string; name: string; imgUrl: string; price: number }) => ({
  ...p,
  variants: [{ id: p.id, options: {}, price: p.price, available: true, stock: null }],
});

describe('recheckCart', () => {
  const cart = setCart({ bpc: { ...bpc, quantity: 2 }, tb: { ...tb, quantity: 1 } });

  it('refreshes prices, names and images from the catalogue and flags repriced lines', () => {
    const check = recheckCart(cart, [
      entry({ ...bpc, price: 42, name: 'BPC-157 5mg' }),
      entry({ ...tb, imgUrl: '/images/tb-new.svg' }),
    ]);
    expect(check.cart.cartList.bpc).toEqual({
      ...bpc,
      productId: 'bpc',
      variantId: 'bpc',
      options: {},
      name: 'BPC-157 5mg',
      price: 42,
      quantity: 2,
    });
    expect(check.cart.cartList.tb?.imgUrl).toBe('/images/tb-new.svg');
    expect(check.repricedIds).toEqual(['bpc']);
    expect(check.unavailableIds).toEqual([]);
    expect(cartTotalCents(check.cart)).toBe(8400 + 4450);
  });

  it('takes a size’s price tiers from the catalogue, and drops tiers the size no longer has', () => {
    const tiers = [{ minQuantity: 10, percentOff: 10 }];
    const withTiers = recheckCart(setCart({ bpc: { ...bpc, quantity: 10 } }), [
      {
        ...bpc,
        variants: [
          { id: 'bpc', options: {}, price: bpc.price, available: true, stock: null, priceTiers: tiers },
        ],
      },
    ]);
    expect(withTiers.cart.cartList.bpc?.priceTiers).toEqual(tiers);
    expect(cartTotalCents(withTiers.cart)).toBe(10 * 3599);
    expect(withTiers.repricedIds).toEqual([]);
    const without = recheckCart(withTiers.cart, [entry(bpc)]);
    expect(without.cart.cartList.bpc).not.toHaveProperty('priceTiers');
    expect(cartTotalCents(without.cart)).toBe(10 * 3999);
  });

  it('keeps but flags lines whose product left the catalogue', () => {
    const check = recheckCart(cart, [entry(bpc)]);
    expect(check.unavailableIds).toEqual(['tb']);
    expect(check.cart.cartQuantity).toBe(3);
  });

  it('prices each size of a product by its own variant and flags only a size withdrawn', () => {
    const size = (variantId: string, label: string, price: number) => ({
      ...bpc,
      id: variantId,
      productId: 'bpc',
      variantId,
      options: { Size: label },
      price,
      quantity: 1,
    });
    const sized = setCart({ 'bpc-5': size('bpc-5', '5 mg', 39.99), 'bpc-10': size('bpc-10', '10 mg', 69) });
    const check = recheckCart(sized, [
      {
        ...bpc,
        variants: [
          { id: 'bpc-5', options: { Size: '5 mg' }, price: 41, available: true, stock: 3 },
          { id: 'bpc-10', options: { Size: '10 mg' }, price: 69, available: false, stock: 3 },
        ],
      },
    ]);
    expect(check.cart.cartList['bpc-5']?.price).toBe(41);
    expect(check.repricedIds).toEqual(['bpc-5']);
    expect(check.unavailableIds).toEqual(['bpc-10']);
  });

  it('shows a size with its own image by that image, and a size without one by the product’s', () => {
    const line = (variantId: string) => ({ ...bpc, id: variantId, productId: 'bpc', variantId, quantity: 1 });
    const check = recheckCart(setCart({ 'bpc-5': line('bpc-5'), 'bpc-10': line('bpc-10') }), [
      {
        ...bpc,
        imgUrl: '/images/bpc.svg',
        variants: [
          {
            id: 'bpc-5',
            options: {},
            price: bpc.price,
            available: true,
            stock: null,
            imgUrl: '/images/5.png',
          },
          { id: 'bpc-10', options: {}, price: bpc.price, available: true, stock: null, imgUrl: '' },
        ],
      },
    ]);
    expect(check.cart.cartList['bpc-5']?.imgUrl).toBe('/images/5.png');
    expect(check.cart.cartList['bpc-10']?.imgUrl).toBe('/images/bpc.svg');
  });
});

describe('clampLineQuantity', () => {
  it('keeps a quantity between 1 and the line maximum', () => {
    expect(clampLineQuantity(0)).toBe(1);
    expect(clampLineQuantity(2.7)).toBe(2);
    expect(clampLineQuantity(500)).toBe(99);
    expect(clampLineQuantity(8, 5)).toBe(5);
    expect(clampLineQuantity(Number.NaN)).toBe(1);
  });
});
