import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { Product } from '../../../shared/domain/product.js';
import { emulatorHost, signUp, uniqueEmail } from '../../support/auth-users.js';
import { liftCheckoutLimitsIn } from '../../support/checkout-limits.js';
import { TEST_ADDRESS } from '../../support/constants.js';
import { at, listedProducts } from '../../support/listed-products.js';
import { interrupt, type StartScript, spawnStartScript } from '../../support/shop-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'shop-outbox-crash-'));
const outboxDir = join(dataDir, 'outbox');
const started: StartScript[] = [];
afterAll(async () => {
  for (const script of started) await interrupt(script);
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start` in its own process group over the one data folder, e-mails written as .eml files. */
async function start(): Promise<StartScript & { url: string }> {
  const { SHOP_SMTP_URL: _smtp, ...env } = process.env;
  const script = spawnStartScript(
    {
      ...env,
      PORT: '0',
      SHOP_DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      SHOP_ADMIN_EMAIL: uniqueEmail('crashadmin'),
      SHOP_ADMIN_PASSWORD: 'admin-pass-1234',
    },
    { ownGroup: true },
  );
  started.push(script);
  return { ...script, url: await script.ready };
}

/** Every .eml in the outbox folder, parsed; hidden temporary files are not e-mails. */
async function emails() {
  const files = (existsSync(outboxDir) ? readdirSync(outboxDir) : []).filter(
    (f) => f.endsWith('.eml') && !f.startsWith('.'),
  );
  return Promise.all(
    files.map(async (file) => {
      const bytes = readFileSync(join(outboxDir, file));
      return { file, bytes: bytes.length, mail: await simpleParser(bytes) };
    }),
  );
}

/** A size of the product that 25 shoppers can each buy one of. */
function roomyLine(product: Product) {
  const variant = product.variants.find((v) => v.available && (v.stock === null || v.stock >= 25));
  return variant && { productId: product.id, variantId: variant.id };
}

function checkout(
  url: string,
  idToken: string,
  line: { productId: string; variantId: string },
): Promise<number> {
  return fetch(`${url}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      lines: [{ ...line, quantity: 1 }],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: randomUUID(),
    }),
  }).then(
    (response) => response.status,
    () => 0,
  );
}

describe('order e-mails across kill -9 (npm start, a real process group)', () => {
  it('sends every committed order its e-mail after a restart, and never leaves an empty or partial .eml', async () => {
    const first = await start();
    // 100 checkouts of 4 shoppers from one address, on purpose.
    await liftCheckoutLimitsIn(dataDir);
    const [shoppers, listing] = await Promise.all([
      Promise.all([signUp(), signUp(), signUp(), signUp()]),
      listedProducts(at(first.url)),
    ]);
    const products = listing.flatMap((p) => roomyLine(p) ?? []).slice(0, 4);
    expect(products).toHaveLength(4);

    // A burst of 100 checkouts; the whole process group dies with a quarter of them answered.
    let answered = 0;
    let killed = false;
    const burst = Array.from({ length: 100 }, (_, i) =>
      checkout(first.url, shoppers[i % 4]!.idToken, products[i % 4]!).then((status) => {
        if (status === 201 && ++answered === 25 && !killed) {
          killed = true;
          process.kill(-first.child.pid!, 'SIGKILL');
        }
        return status;
      }),
    );
    const statuses = await Promise.all(burst);
    expect(await first.exited).toBeNull();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(25);
    expect(statuses.filter((s) => s === 0).length, 'requests cut off by the kill').toBeGreaterThan(0);

    // Whatever the kill interrupted, every .eml there is whole.
    const beforeRestart = await emails();
    for (const { file, bytes, mail } of beforeRestart) {
      expect(bytes, file).toBeGreaterThan(0);
      expect(mail.subject, file).toMatch(/^Order HP-\w+ received/);
      expect(mail.text, file).toContain('For research use only.');
    }

    const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
    try {
      const orders = await store.orders.list({ filter: 'all' });
      // Every order answered 201 was committed; some more may have been committed unanswered.
      expect(orders.length).toBeGreaterThanOrEqual(statuses.filter((s) => s === 201).length);

      const second = await start();
      expect(second.output()).toContain('written to');
      // Those the dead shop had claimed but not sent wait for their lease to run out (a minute).
      await expect
        .poll(async () => (await store.outbox.list('pending')).length, { timeout: 150_000, interval: 1000 })
        .toBe(0);
      const outbox = await store.outbox.list();
      const after = await emails();

      expect(outbox.map((e) => e.status)).toEqual(orders.map(() => 'sent'));
      expect(after.map((e) => e.file).sort()).toEqual(outbox.map((e) => `${e.id}.eml`).sort());
      const told = after.map(({ mail }) => /^Order (HP-\w+) received/.exec(mail.subject ?? '')?.[1]);
      expect(told.sort()).toEqual(orders.map((o) => o.number).sort());
      for (const { file, bytes, mail } of after) {
        expect(bytes, file).toBeGreaterThan(0);
        expect(mail.messageId, file).toBe(`<${file.replace(/\.eml$/, '')}@helixpeptides.example>`);
        expect(mail.text, file).toContain('For research use only.');
      }
      expect(await interrupt(second)).toBe(0);
    } finally {
      await store.close();
    }
  }, 240_000);
});
