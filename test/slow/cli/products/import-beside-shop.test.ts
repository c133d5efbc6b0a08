import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../../shared/backend/config.js';
import { signUp } from '../../../support/auth-users.js';
import { liftCheckoutLimitsIn } from '../../../support/checkout-limits.js';
import { shopProcess, spawnShop, tempDataDir } from '../../../support/cli.js';
import { TEST_ADDRESS } from '../../../support/constants.js';
import { type ShopProcess, startShop } from '../../../support/shop-process.js';

const ROWS = 200_000;
/** What a request may wait on the store (250 ms), plus room for a machine shared with other work. */
const SLOWEST_MS = 250 + 750;

/** A catalogue CSV: for each part, `rows` products named `<prefix> <i>`; then `last` as the final line. */
async function writeCsv(file: string, parts: { prefix: string; rows: number; price?: number }[], last = '') {
  const out = createWriteStream(file);
  out.write('name,price,description,category,brand,stock,available,image\r\n');
  for (const { prefix, rows, price = 9 } of parts) {
    for (let i = 0; i < rows; i++) {
      const line = `${prefix} ${i},${price + (i % 100) / 100},"Lyophilised powder, lot ${i}.",Metabolic,Helix Labs,${i % 500},true,\r\n`;
      if (!out.write(line)) await once(out, 'drain');
    }
  }
  if (last) out.write(`${last}\r\n`);
  out.end();
  await once(out, 'finish');
}

interface Answer {
  path: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  code: string | undefined;
}

describe('an import beside the running shop', () => {
  let shop: ShopProcess;
  let files: { dir: string; remove(): void };
  let db: Database.Database;
  let productId: string;
  let idToken: string;
  const count = (prefix: string) =>
    (db.prepare('SELECT count(*) AS n FROM products WHERE name LIKE ?').get(`${prefix} %`) as { n: number })
      .n;

  beforeAll(async () => {
    [shop, files] = await Promise.all([startShop(), tempDataDir('import-beside')]);
    // Its shopper checks out again and again while imports run, on purpose.
    await liftCheckoutLimitsIn(shop.dataDir);
    idToken = (await signUp()).idToken;
    const small = join(files.dir, 'untracked.csv');
    await writeCsv(small, [], 'Checkout peptide,19.99,,Metabolic,Helix Labs,,true,');
    expect((await shopProcess(['--data', shop.dataDir, 'products', 'import', small])).exitCode).toBe(0);
    db = new Database(databaseFile({ dataDir: shop.dataDir }), { readonly: true });
    productId = (
      db.prepare("SELECT id FROM products WHERE name = 'Checkout peptide'").get() as { id: string }
    ).id;
  });

  afterAll(async () => {
    db?.close();
    await shop?.stop();
    files?.remove();
  });

  async function timed(path: string, init?: RequestInit): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${shop.url}${path}`, init);
    const body = (await response.json()) as { error?: { code: string } };
    return {
      path,
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.headers.get('retry-after'),
      code: body.error?.code,
    };
  }

  /** One checkout, retried with the same key after each busy answer, as the storefront does. */
  async function checkout(answers: Answer[]): Promise<number> {
    const body = JSON.stringify({
      lines: [{ productId, quantity: 1 }],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      attestations: { adult: true, researchUse: true },
      idempotencyKey: randomUUID(),
    });
    for (;;) {
      const answer = await timed('/api/checkout', {
        method: 'POST',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body,
      });
      answers.push(answer);
      if (answer.status !== 503) return answer.status;
      await sleep(20);
    }
  }

  it('keeps answering checkouts and health checks quickly while 200,000 rows are imported; busy means 503 with Retry-After', async () => {
    const csv = join(files.dir, 'big.csv');
    await writeCsv(csv, [{ prefix: 'Bulk peptide', rows: ROWS }]);
    const answers: Answer[] = [];
    const placed: number[] = [];
    const importing = spawnShop(['--data', shop.dataDir, 'products', 'import', csv]);
    let running = true;
    void importing.exited.then(() => {
      running = false;
    });
    let duringImport = 0;
    while (running) {
      const [status] = await Promise.all([
        checkout(answers),
        timed('/api/health').then((a) => answers.push(a)),
      ]);
      placed.push(status);
      if (running) duringImport++;
    }
    expect(await importing.exited).toBe(0);

    expect(count('Bulk peptide')).toBe(ROWS);
    // the loop really overlapped the import
    expect(duringImport).toBeGreaterThan(10);
    expect(placed.every((s) => s === 201)).toBe(true);
    const unexpected = answers.filter((a) => a.status >= 300 && a.status !== 503);
    expect(unexpected).toEqual([]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.code).toBe('store-busy');
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
    }
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest, `slowest of ${answers.length} requests`).toBeLessThan(SLOWEST_MS);
  });

  it('leaves no product of a file whose last row is bad, and puts back the products it had updated', async () => {
    const csv = join(files.dir, 'bad-end.csv');
    const updated = () =>
      db.prepare("SELECT id, name, price, updated_at FROM products WHERE name LIKE 'Bulk peptide 1%'").all();
    const before = updated();
    // updates of 50,000 of the first import's products, 50,000 new ones, then a row without a price
    await writeCsv(
      csv,
      [
        { prefix: 'Bulk peptide', rows: 50_000, price: 77 },
        { prefix: 'Later peptide', rows: 50_000 },
      ],
      'Broken peptide,,,,,,true,',
    );

    const result = await shopProcess([
      '--data',
      shop.dataDir,
      'products',
      'import',
      '--update-existing',
      csv,
    ]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/nothing was written/);
    expect(count('Later peptide')).toBe(0);
    expect(count('Broken peptide')).toBe(0);
    expect(updated()).toEqual(before);
    expect(db.prepare('SELECT count(*) AS n FROM import_steps').get()).toEqual({ n: 0 });
  });

  it('takes back, by itself, an import killed with kill -9 part way beside it', async () => {
    const csv = join(files.dir, 'killed.csv');
    await writeCsv(csv, [{ prefix: 'Killed peptide', rows: ROWS }]);
    const importing = spawnShop(['--data', shop.dataDir, 'products', 'import', csv]);
    while (count('Killed peptide') < 20_000) {
      expect(importing.child.exitCode).toBeNull();
      await sleep(20);
    }
    process.kill(-importing.child.pid!, 'SIGKILL');
    expect(await importing.exited).toBeNull();
    expect(count('Killed peptide')).toBeGreaterThan(0);

    // no command is run: the shop notices within its 5 s round
    const gaveUpAt = performance.now() + 20_000;
    while (count('Killed peptide') > 0 && performance.now() < gaveUpAt) await sleep(100);
    expect(count('Killed peptide')).toBe(0);
    expect(db.prepare('SELECT count(*) AS n FROM imports').get()).toEqual({ n: 0 });
    expect(readdirSync(shop.dataDir).filter((f) => f.includes('-import-'))).toEqual([]);
    expect(count('Bulk peptide')).toBe(ROWS);
    expect((await fetch(`${shop.url}/api/health`)).status).toBe(200);
  });
});
