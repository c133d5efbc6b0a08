import { afterAll, describe, expect, it } from 'vitest';
import type { OrderChange } from '../../../cli/commands/orders/orders.js';
import type { SeedSummary } from '../../../cli/commands/seed/seed.js';
import type { VariantRow } from '../../../cli/commands/variants/variants.js';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema, type Product } from '../../../shared/domain/product.js';
import { emulatorHost } from '../../support/auth-users.js';
import { type InProcessResult, printedJson, shopInProcess, tempDataDir } from '../../support/cli.js';
import { startFakeStripe } from '../../support/fake-stripe.js';
import { placeStoredOrder } from '../../support/place-order.js';
import { readOutbox } from '../../support/smtp-inbox.js';

const folders: ReturnType<typeof tempDataDir>[] = [];
afterAll(() => {
  for (const f of folders) f.remove();
});

/** A fresh data folder whose Auth is the test run's emulator. */
function shopIn() {
  const folder = tempDataDir('seed');
  folders.push(folder);
  const shop = (...args: string[]) =>
    shopInProcess(folder.dir, args, { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() });
  return Object.assign(shop, { dir: folder.dir });
}

/** What the command's run returned (test/cli/command-data.test.ts checks --json prints the same). */
const data = async <T>(run: Promise<InProcessResult>): Promise<T> => {
  const result = await run;
  expect(result.exitCode, result.stderr).toBe(0);
  return result.data as T;
};

/** What a seed decides, without the ids, numbers and times each store hands out. */
const content = (orders: Order[]) =>
  orders
    .map((o) => ({
      email: o.email,
      lines: o.lines.map((l) => [l.name, l.quantity, l.unitPriceCents]),
      totalCents: o.totalCents,
      status: o.status,
      tracking: o.tracking,
      address: o.shippingAddress,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('shop seed', () => {
  it('gives the same data for the same seed, other data for another, and adds nothing on a re-run', async () => {
    const [first, second, other] = [shopIn(), shopIn(), shopIn()];
    const args = ['seed', '--products', '12', '--users', '3', '--orders', '8', '--seed', 'ci-42'];
    const summary = await data<SeedSummary>(first(...args));
    expect(summary.products).toEqual({ created: 12, alreadyThere: 0 });
    expect(summary.orders.placed + summary.orders.skipped).toBe(8);
    await data(second(...args));

    const exported = async (shop: ReturnType<typeof shopIn>) => (await shop('products', 'export')).stdout;
    expect(await exported(second)).toBe(await exported(first));
    const orders = async (shop: ReturnType<typeof shopIn>) =>
      content(await data<Order[]>(shop('orders', 'list')));
    expect(await orders(second)).toEqual(await orders(first));
    expect((await orders(first)).length).toBeGreaterThan(0);

    await data(other('seed', '--products', '12', '--seed', 'ci-43'));
    expect(await exported(other)).not.toBe(await exported(first));

    const again = await data<SeedSummary>(first(...args));
    expect(again.products).toEqual({ created: 0, alreadyThere: 12 });
    expect(again.users).toEqual({ created: 0, alreadyThere: 3 });
    expect(again.orders.placed).toBe(0);
  });

  it('makes some products in sizes, each size with its own SKU, price and stock, the same for the same seed', async () => {
    const [first, second] = [shopIn(), shopIn()];
    const args = ['seed', '--products', '30', '--users', '2', '--orders', '20', '--seed', 'sizes'];
    await data(first(...args));
    await data(second(...args));
    const sizes = async (shop: ReturnType<typeof shopIn>) =>
      (await data<VariantRow[]>(shop('variants', 'list'))).map(
        ({ productId: _p, variantId: _v, ...row }) => row,
      );
    const rows = await sizes(first);
    expect(await sizes(second)).toEqual(rows);
    const sized = rows.filter((r) => r.sku !== '');
    expect(sized.length).toBeGreaterThan(4);
    expect(new Set(sized.map((r) => r.sku)).size).toBe(sized.length);
    for (const r of sized) expect(r.options).toEqual({ Size: r.variant });
    const products = printedJson<Product[]>(await first('--json', 'products', 'list', '--all'));
    const multi = products.filter((p) => p.variants.length > 1);
    expect(multi.length).toBeGreaterThan(2);
    for (const p of multi) expect(p.price).toBe(Math.min(...p.variants.map((v) => v.price)));
    const orders = await data<Order[]>(first('orders', 'list'));
    const lineIds = orders.flatMap((o) => o.lines.map((l) => l.variantId));
    expect(lineIds.some((id) => multi.some((p) => p.variants.some((v) => v.id === id)))).toBe(true);
  });

  it('counts in its message in words that agree with the numbers', async () => {
    const result = await shopIn()('seed', '--products', '1');
    expect(result.stderr).toContain('Seeded with "1": 1 product, 0 customers, 0 orders added.');
  });

  it('empties the store first with --reset', async () => {
    const shop = shopIn();
    await shop('products', 'add', '--name', 'Left over', '--price', '3');
    await data(shop('seed', '--products', '2', '--reset'));
    const names = printedJson<{ name: string }[]>(await shop('--json', 'products', 'list', '--all')).map(
      (p) => p.name,
    );
    expect(names).toHaveLength(2);
    expect(names).not.toContain('Left over');
  });

  it('refuses --reset on a hosted backend, and accounts on real Auth, without --force', async () => {
    const shop = shopIn();
    const refused = await shop('--backend', 'firestore', 'seed', '--reset');
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      '--reset on the hosted firestore backend deletes live data; add --force',
    );
    const folder = tempDataDir('seed-real-auth');
    folders.push(folder);
    const real = await shopInProcess(folder.dir, ['seed', '--users', '2'], {
      SHOP_FIREBASE_API_KEY: 'AIza-test',
    });
    expect(real.exitCode).toBe(2);
    expect(real.stderr).toContain('--users on real Firebase Auth creates real accounts; add --force');
  });
});

describe('shop orders', () => {
  it('lists, shows, marks paid, ships and cancels, refusing moves the status does not allow', async () => {
    const shop = shopIn();
    await data(shop('seed', '--products', '6', '--users', '2', '--orders', '12', '--seed', 'orders'));
    const all = await data<Order[]>(shop('orders', 'list'));
    const pending = all.find((o) => o.status === 'pending_payment')!;
    expect(pending).toBeDefined();

    const table = await shop('orders', 'list', '--status', 'pending_payment');
    expect(table.stdout).toContain(pending.number);
    expect(table.stdout).not.toContain('Shipped');
    const shown = await shop('orders', 'show', pending.number.toLowerCase());
    expect(shown.stdout).toContain(`Order ${pending.number} (${pending.id}) — Awaiting payment`);
    // Seeded phones are kept in E.164, as checkout keeps them, and shown as the seed-spec writes US numbers.
    const phone = pending.shippingAddress.phone;
    expect(phone).toMatch(/^\+1617555\d{4}$/);
    expect(shown.stdout).toContain(`, US, (617) 555-${phone.slice(-4)}`);

    const early = await shop('orders', 'ship', pending.id, '--tracking', '1Z999');
    expect(early.exitCode).toBe(1);
    expect(early.stderr).toContain('cannot be marked shipped');

    const paid = await data<OrderChange>(
      shop('orders', 'mark-paid', pending.number, '--reference', 'WIRE-1'),
    );
    expect(paid).toMatchObject({
      changed: true,
      order: { status: 'paid', payment: { reference: 'WIRE-1' } },
    });
    const again = await shop('orders', 'mark-paid', pending.number);
    expect(again.exitCode, again.stderr).toBe(0);
    expect((again.data as OrderChange).changed).toBe(false);
    expect(again.stderr).toContain(`Order ${pending.number} is already paid; nothing changed.`);
    const { order: shipped } = await data<OrderChange>(
      shop('orders', 'ship', pending.id, '--tracking', '1Z999AA1', '--carrier', 'UPS'),
    );
    expect(shipped).toMatchObject({ status: 'shipped', tracking: { carrier: 'UPS', number: '1Z999AA1' } });
    const late = await shop('orders', 'cancel', pending.id);
    expect(late.exitCode).toBe(1);

    const another = all.find((o) => o.status === 'pending_payment' && o.id !== pending.id)!;
    const { order: cancelled } = await data<OrderChange>(
      shop('orders', 'cancel', another.id, '--note', 'Customer asked'),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.statusHistory.at(-1)?.note).toBe('Customer asked');

    // The seed e-mails nobody; the operator's changes e-mail the shopper, here into the outbox.
    expect((await readOutbox(shop.dir)).map((m) => [m.to, m.subject])).toEqual([
      [pending.email, `Payment received for order ${pending.number}`],
      [pending.email, `Order ${pending.number} has shipped`],
      [another.email, `Order ${another.number} was cancelled`],
    ]);

    const missing = await shop('orders', 'show', 'HP-NOPE');
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('No order has the id or number "HP-NOPE"');
  });

  it('cancels bank-transfer orders unpaid past their 48-hour hold with cancel-overdue, listing them first with --dry-run', async () => {
    const folder = tempDataDir('overdue');
    folders.push(folder);
    const fiftyHoursAgo = Date.now() - 50 * 60 * 60 * 1000;
    const past = openSqliteStore({ file: databaseFile({ dataDir: folder.dir }), now: () => fiftyHoursAgo });
    const product = await past.products.add(
      newProductSchema.parse({ name: 'Ipamorelin', price: 30, stock: 4 }),
    );
    const stale = await placeStoredOrder(past.orders, product.id, 3, { email: 'late@example.com' });
    await past.close();
    const shop = (...args: string[]) => shopInProcess(folder.dir, args);

    const preview = await shop('orders', 'cancel-overdue', '--dry-run');
    expect(preview.stdout).toContain(stale.number);
    expect(preview.stderr).toContain('Would cancel 1 unpaid order (--dry-run: nothing changed).');
    const cancelled = await data<Order[]>(shop('orders', 'cancel-overdue'));
    expect(cancelled.map((o) => [o.number, o.status])).toEqual([[stale.number, 'cancelled']]);
    expect(printedJson<{ stock: number }[]>(await shop('--json', 'products', 'list'))[0]?.stock).toBe(4);

    const none = await shop('orders', 'cancel-overdue');
    expect(none.exitCode).toBe(0);
    expect(none.stderr).toContain('No bank-transfer order is past its payment deadline.');
  });
});

describe('shop orders cancel of an unpaid card order', () => {
  it('expires its open Stripe Checkout Session first, with the Stripe settings the shop has, and refuses without them', async () => {
    const stripeApi = await startFakeStripe();
    const folder = tempDataDir('cancel-card');
    folders.push(folder);
    try {
      const store = openSqliteStore({ file: databaseFile({ dataDir: folder.dir }) });
      const product = await store.products.add(newProductSchema.parse({ name: 'Card peptide', price: 20 }));
      const order = await placeStoredOrder(store.orders, product.id, 1, { provider: 'stripe' });
      await store.orders.setPaymentReference(order.id, 'cs_test_cli_open');
      await store.close();
      stripeApi.sessions.set('cs_test_cli_open', {
        id: 'cs_test_cli_open',
        object: 'checkout.session',
        url: 'https://checkout.stripe.test/c/pay/cs_test_cli_open',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: order.id,
        amount_total: 3500,
        currency: 'usd',
        metadata: {},
      });
      const shop = (env: Record<string, string>) =>
        shopInProcess(folder.dir, ['orders', 'cancel', order.number], env);

      const refused = await shop({});
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain(
        `Order ${order.number} awaits a card payment: configure card payments (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY`,
      );
      expect(stripeApi.sessions.get('cs_test_cli_open')?.status).toBe('open');
      // The server's own configuration rules: a key alone is a mistake, not card payments.
      const halfConfigured = await shop({
        STRIPE_SECRET_KEY: 'sk_test_cli',
        SHOP_STRIPE_API_URL: stripeApi.url,
      });
      expect(halfConfigured.exitCode).toBe(2);
      expect(halfConfigured.stderr).toContain(
        'Card payments need all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
      );
      expect(stripeApi.sessions.get('cs_test_cli_open')?.status).toBe('open');
      const done = await shop({
        STRIPE_SECRET_KEY: 'sk_test_cli',
        STRIPE_WEBHOOK_SECRET: 'whsec_cli',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_cli',
        SHOP_STRIPE_API_URL: stripeApi.url,
      });
      expect(done.exitCode, done.stderr).toBe(0);
      expect(done.stderr).toContain(`Order ${order.number} is now cancelled.`);
      expect(stripeApi.sessions.get('cs_test_cli_open')?.status).toBe('expired');
    } finally {
      await stripeApi.close();
    }
  });
});

describe('shop messages', () => {
  it('lists contact messages newest first, as a table, whole with --full, or as JSON', async () => {
    const shop = shopIn();
    const none = await shop('messages', 'list');
    expect(none.stderr).toContain('No messages yet.');
    const store = openSqliteStore({ file: databaseFile({ dataDir: shop.dir }) });
    const long =
      `Could you tell me the storage temperature for TB-500 once reconstituted? ${'Thanks. '.repeat(10)}`.trim();
    await store.messages.add({ name: 'Rosalind', email: 'rf@example.com', message: long, uid: null });
    await store.close();

    const table = await shop('messages', 'list');
    expect(table.stdout).toContain('Rosalind');
    expect(table.stdout).toContain('rf@example.com');
    expect(table.stdout).toContain('Could you tell me the storage temperature');
    expect(table.stdout).not.toContain('Thanks. Thanks. Thanks. Thanks. Thanks. Thanks.');
    expect(table.stderr).toContain('1 message');
    expect((await shop('messages', 'list', '--full')).stdout).toContain(long);
    const [listed] = await data<{ email: string; message: string }[]>(shop('messages', 'list'));
    expect(listed).toMatchObject({ email: 'rf@example.com', message: long });
  });
});
