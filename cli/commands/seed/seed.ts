import { productNameSkeleton } from '../../../shared/backend/product-name-skeleton.js';
import { ShopError } from '../../../shared/domain/errors.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { between, pick, seedCustomers, seededRandom, seedProducts } from '../../seed/generator.js';

interface SeedFlags {
  products: string;
  users: string;
  orders: string;
  seed: string;
  reset?: boolean;
  force?: boolean;
}

export interface SeedSummary {
  seed: string;
  reset: boolean;
  products: { created: number; alreadyThere: number };
  users: { created: number; alreadyThere: number };
  orders: { placed: number; alreadyThere: number; skipped: number };
}

function count(flag: string, value: string, max: number): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) > max)
    throw new UsageError(
      `--${flag} must be a whole number from 0 to ${max.toLocaleString('en-US')} (got "${value}")`,
    );
  return Number(value);
}

/**
 * Deterministic test data: the same --seed gives the same products, customers and orders (ids and
 * timestamps aside). Re-running adds only what is missing, so it is safe to repeat in CI.
 */
async function run(ctx: CliContext, flags: SeedFlags): Promise<SeedSummary> {
  const productCount = count('products', flags.products, 100_000);
  const userCount = count('users', flags.users, 1_000);
  const orderCount = count('orders', flags.orders, 10_000);
  if (orderCount > 0 && userCount === 0)
    throw new UsageError('--orders needs --users: orders belong to customer accounts');
  if (orderCount > 0 && productCount === 0) throw new UsageError('--orders needs --products to order');
  const realAuth = !ctx.io.env.FIREBASE_AUTH_EMULATOR_HOST && Boolean(ctx.io.env.SHOP_FIREBASE_API_KEY);
  if (userCount > 0 && realAuth && !flags.force)
    throw new UsageError('--users on real Firebase Auth creates real accounts; add --force if you mean it');
  if (flags.reset && ctx.backend !== 'sqlite' && !flags.force)
    throw new UsageError(
      `--reset on the hosted ${ctx.backend} backend deletes live data; add --force if you mean it`,
    );

  const random = seededRandom(flags.seed);
  const summary: SeedSummary = {
    seed: flags.seed,
    reset: flags.reset === true,
    products: { created: 0, alreadyThere: 0 },
    users: { created: 0, alreadyThere: 0 },
    orders: { placed: 0, alreadyThere: 0, skipped: 0 },
  };
  const store = await ctx.store();
  if (flags.reset) await store.clear();

  const products = seedProducts(random, productCount);
  const existing = await store.products.findByNames(products.map((p) => p.product.name));
  const missing = products.filter((p) => !existing.has(productNameSkeleton(p.product.name)));
  const written = await store.products.bulkWrite([missing.map((p) => ({ op: 'create' as const, ...p }))]);
  summary.products = { created: written.created, alreadyThere: products.length - written.created };

  const customers = seedCustomers(random, userCount, flags.seed);
  if (userCount > 0) {
    const auth = await ctx.auth();
    const accounts = [];
    for (const c of customers) {
      const account = await auth.service.ensureUser(c.email, `seed-${flags.seed}-password`, c.displayName);
      summary.users[account.created ? 'created' : 'alreadyThere']++;
      accounts.push({ ...c, uid: account.uid });
    }
    await auth.persist();

    const byName = await store.products.findByNames(products.map((p) => p.product.name));
    const orderable = products
      .map((p) => byName.get(productNameSkeleton(p.product.name)))
      .filter((p): p is NonNullable<typeof p> => p?.available === true);
    for (let i = 0; i < orderCount; i++) {
      const customer = pick(random, accounts);
      const chosen = new Set(Array.from({ length: between(random, 1, 3) }, () => pick(random, orderable)));
      const lines = [...chosen].map((p) => ({
        productId: p.id,
        variantId: pick(random, p.variants).id,
        quantity: between(random, 1, 3),
      }));
      const fate = random();
      try {
        const { order, created } = await store.orders.place({
          uid: customer.uid,
          email: customer.email,
          lines,
          shippingAddress: customer.address,
          paymentProvider: 'manual',
          idempotencyKey: `seed-${flags.seed.replace(/[^A-Za-z0-9_-]/g, '')}-order-${String(i).padStart(6, '0')}`,
        });
        if (!created) {
          summary.orders.alreadyThere++;
          continue;
        }
        summary.orders.placed++;
        if (fate < 0.5) continue;
        if (fate < 0.6) {
          await store.orders.cancel(order.id, 'Cancelled by the seed');
          continue;
        }
        await store.orders.markPaid(order.id, { reference: null, note: 'Paid (seed)' });
        if (fate >= 0.8)
          await store.orders.markShipped(order.id, {
            carrier: 'UPS',
            number: `1Z${String(i).padStart(10, '0')}`,
          });
      } catch (error) {
        // out of stock or unavailable: the data stays deterministic, the order is just not placed
        if (!(error instanceof ShopError)) throw error;
        summary.orders.skipped++;
      }
    }
  }

  return summary;
}

export const seed = command({
  run,
  async print(out, summary) {
    if (summary.reset) out.info('Emptied the store.');
    out.success(
      `Seeded with "${summary.seed}": ${counted(summary.products.created, 'product')}, ${counted(summary.users.created, 'customer')}, ${counted(summary.orders.placed, 'order')} added.`,
    );
    await out.result(summary, (s) =>
      out.table(
        ['', 'added', 'already there'],
        [
          ['products', s.products.created, s.products.alreadyThere],
          ['customers', s.users.created, s.users.alreadyThere],
          ['orders', s.orders.placed, s.orders.alreadyThere],
        ],
      ),
    );
  },
});
