import { Hono } from 'hono';
import { readCheckoutLimits } from '../../shared/backend/settings/checkout-limits.js';
import { readShopRates } from '../../shared/backend/settings/rate-settings.js';
import { quoteOrder } from '../../shared/backend/store/order-pricing.js';
import { COUNTRY_CODES } from '../../shared/domain/address-rules.js';
import { TERMS_VERSION } from '../../shared/domain/compliance.js';
import { ShopError } from '../../shared/domain/errors.js';
import { checkoutRequestSchema, quoteRequestSchema } from '../../shared/domain/order.js';
import { orderForShopper } from '../../shared/domain/order-for-shopper.js';
import type { Product } from '../../shared/domain/product.js';
import { shippableCountries } from '../../shared/domain/shipping-rates.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { identify, requireVerifiedUser } from '../middleware/auth.js';
import { checkoutsPerAccount, checkoutsPerAddress } from '../middleware/checkout-rate-limits.js';
import { codeCheckLimit } from '../middleware/code-check-limit.js';
import { validate } from '../validate.js';
import { refuseNoShipCountry } from './no-ship.js';
import { paymentUrls } from './payment-urls.js';

/**
 * Places an order from product and variant ids and quantities only: prices, availability and stock come from
 * the store inside one atomic step. Retrying with the same idempotency key returns the same order.
 */
export const checkoutRoutes = ({ store, auth, payments, config }: AppDeps) => {
  const codeChecks = codeCheckLimit(config);
  const placing = requireVerifiedUser(auth, 'place an order');
  return new Hono<AppEnv>()
    .get('/countries', async (c) => {
      // The checkout offers only countries some zone ships to, and not those the shop refuses.
      const { shipping } = await readShopRates(store.meta);
      const countries = shippableCountries(shipping, COUNTRY_CODES).filter(
        (code) => !config.compliance.noShipCountries.includes(code),
      );
      c.header('cache-control', 'no-cache');
      return c.json({ countries }, 200);
    })
    .post('/quote', identify(auth), validate('json', quoteRequestSchema), codeChecks, async (c) => {
      const { lines, shippingAddress, discountCode, shippingOptionId } = c.req.valid('json');
      refuseNoShipCountry(shippingAddress?.country, config.compliance);
      // Two sizes of one product are two lines of one product.
      const ids = [...new Set(lines.map((l) => l.productId))];
      const [found, rates, discount] = await Promise.all([
        Promise.all(ids.map((id) => store.products.get(id))),
        readShopRates(store.meta),
        discountCode === undefined ? null : store.discounts.get(discountCode),
      ]);
      const products = new Map(found.filter((p): p is Product => p !== null).map((p) => [p.id, p]));
      const quote = quoteOrder(lines, products, {
        ...rates,
        ...(discountCode === undefined ? {} : { discountCode }),
        ...(shippingOptionId === undefined ? {} : { shippingOptionId }),
        ...(shippingAddress
          ? { destination: { country: shippingAddress.country, region: shippingAddress.state } }
          : {}),
        discount,
        // Whether this shopper used a once-per-shopper code is judged at checkout, where they are signed in.
        usedByShopper: false,
        nowMs: Date.now(),
      });
      return c.json(quote, 200);
    })
    .post(
      '/',
      checkoutsPerAddress(store, config),
      placing,
      checkoutsPerAccount(store),
      validate('json', checkoutRequestSchema),
      codeChecks,
      async (c) => {
        const user = c.get('user')!;
        if (!user.email)
          throw new ShopError('invalid-input', 'Your account needs an email address to place an order');
        const request = c.req.valid('json');
        refuseNoShipCountry(request.shippingAddress.country, config.compliance);
        const gateway = payments.gateway(request.paymentMethod);
        const { order, created } = await store.orders.place({
          uid: user.uid,
          email: user.email,
          lines: request.lines,
          shippingAddress: request.shippingAddress,
          paymentProvider: gateway.provider,
          idempotencyKey: request.idempotencyKey,
          ...(request.discountCode === undefined ? {} : { discountCode: request.discountCode }),
          ...(request.shippingOptionId === undefined ? {} : { shippingOptionId: request.shippingOptionId }),
          rates: await readShopRates(store.meta),
          unpaid: await readCheckoutLimits(store.meta),
          compliance: {
            ...request.attestations,
            minimumAge: config.compliance.minimumAge,
            termsVersion: TERMS_VERSION,
          },
        });
        const payment =
          order.status === 'pending_payment'
            ? await gateway.begin(order, paymentUrls(c, config, order))
            : null;
        const current = (await store.orders.get(order.id)) ?? order;
        // A retried checkout may find the order since handled by staff: the shopper's view all the same.
        return c.json({ order: orderForShopper(current), payment, created }, created ? 201 : 200);
      },
    );
};
