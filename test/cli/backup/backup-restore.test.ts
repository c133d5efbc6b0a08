import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../shared/api/client.js';
import { signUp, signUpAdmin, type TestUser } from '../../support/auth-users.js';
import { liftCheckoutLimitsIn } from '../../support/checkout-limits.js';
import { shopProcess, tempDataDir } from '../../support/cli.js';
import { placeBankTransferOrder } from '../../support/place-order.js';
import { interrupt, type StartScript, spawnShopOn } from '../../support/shop-process.js';
import { mountSmallDisk } from '../../support/tmpfs.js';

const data = tempDataDir('backup');
const backups = tempDataDir('backup-files');
const backupFile = join(backups.dir, 'shop-backup.sqlite');
const shopDb = join(data.dir, 'shop.sqlite');
let shop: StartScript;
let url: string;
let shopper: TestUser;
let productId: string;

beforeAll(async () => {
  shop = spawnShopOn(data.dir);
  url = await shop.ready;
  // Its shopper checks out again and again while backups run, on purpose.
  await liftCheckoutLimitsIn(data.dir);
  let admin: TestUser;
  [admin, shopper] = await Promise.all([signUpAdmin(), signUp()]);
  const created = await fetch(`${url}/api/admin/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
    // Stock not tracked, so the loop of checkouts never runs out.
    body: JSON.stringify({ name: 'Backup test peptide', price: 10, stock: null }),
  });
  expect(created.status).toBe(201);
  productId = ((await created.json()) as ProductResponse).product.id;
});

afterAll(async () => {
  if (shop) await interrupt(shop);
  data.remove();
  backups.remove();
});

/** Places bank-transfer orders one after another until stopped; the numbers of those the shop confirmed. */
function checkoutLoop() {
  const confirmed: string[] = [];
  let running = true;
  const done = (async () => {
    while (running)
      confirmed.push(await placeBankTransferOrder(url, shopper.idToken, { productId, quantity: 1 }));
  })();
  return {
    confirmed,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

function orderNumbers(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT number FROM orders').all() as { number: string }[]).map((row) => row.number);
  } finally {
    db.close();
  }
}

describe('shop backup while the shop takes orders', () => {
  let committedBefore: string[];
  let summary: { file: string; orders: number; products: number; bytes: number };

  it('writes a copy that passes integrity_check and holds every order committed before it started', async () => {
    const loop = checkoutLoop();
    while (loop.confirmed.length < 10) await new Promise((r) => setTimeout(r, 20));
    committedBefore = [...loop.confirmed];
    const result = await shopProcess(['--data', data.dir, '--json', 'backup', backupFile]);
    const during = loop.confirmed.length;
    // Orders went on being placed while the backup ran, and after it.
    while (loop.confirmed.length < during + 5) await new Promise((r) => setTimeout(r, 20));
    await loop.stop();

    expect(result.exitCode, result.stderr).toBe(0);
    // The shop committed orders while the backup command ran.
    expect(during).toBeGreaterThan(committedBefore.length);
    summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ file: backupFile, bytes: statSync(backupFile).size });
    const copy = new Database(backupFile, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    // A single file: nothing to copy along with it.
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    const saved = orderNumbers(backupFile);
    expect(saved.length).toBe(summary.orders);
    expect(saved).toEqual(expect.arrayContaining(committedBefore));
    expect(readdirSync(backups.dir)).toEqual(['shop-backup.sqlite']);
  });

  it('refuses to overwrite an existing file unless --force', async () => {
    const refused = await shopProcess(['--data', data.dir, 'backup', backupFile]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toBe(`shop: ${backupFile} already exists; add --force to overwrite it`);
    expect(orderNumbers(backupFile).length).toBe(summary.orders);
  });

  it('shop restore is refused while the shop runs on the data folder, and changes nothing', async () => {
    const before = orderNumbers(shopDb).length;
    const result = await shopProcess(['--data', data.dir, 'restore', backupFile]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `shop: A shop is running on ${data.dir} (pid ${shop.child.pid}); stop it (Ctrl-C) and run the restore again. Nothing was changed.`,
    );
    expect(orderNumbers(shopDb).length).toBe(before);
    expect(readdirSync(data.dir).filter((name) => name.includes('before-restore'))).toEqual([]);
  });

  it('after the shop stops, shop restore puts the backup back and keeps the replaced database', async () => {
    await interrupt(shop);
    const liveOrders = orderNumbers(shopDb);
    expect(liveOrders.length).toBeGreaterThan(summary.orders);

    const result = await shopProcess(['--data', data.dir, '--json', 'restore', backupFile]);
    expect(result.exitCode, result.stderr).toBe(0);
    const restored = JSON.parse(result.stdout);
    expect(restored).toMatchObject({ file: backupFile, restoredTo: shopDb, orders: summary.orders });
    expect(restored.keptAs).toMatch(/\/shop\.sqlite\.before-restore-\d{4}-\d\d-\d\dT[\d-]+Z$/);
    expect(existsSync(`${shopDb}-wal`)).toBe(false);
    expect(existsSync(`${shopDb}-shm`)).toBe(false);
    // Nothing is lost: the replaced database still holds every order, the later ones too.
    expect(orderNumbers(restored.keptAs).sort()).toEqual([...liveOrders].sort());

    const listed = await shopProcess(['--data', data.dir, '--json', 'orders', 'list']);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const numbers = (JSON.parse(listed.stdout) as { number: string }[]).map((order) => order.number);
    expect(numbers.sort()).toEqual(orderNumbers(backupFile).sort());
    expect(numbers).toEqual(expect.arrayContaining(committedBefore));
  });

  it('to a full disk exits 1 saying so, and leaves no partial copy there', async () => {
    const disk = mountSmallDisk(1);
    try {
      disk.fill();
      const target = join(disk.dir, 'shop-backup.sqlite');
      const result = await shopProcess(['--data', data.dir, 'backup', target]);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe(`shop: Cannot write ${target}: its disk is full. Nothing was written.`);
      expect(readdirSync(disk.dir)).toEqual(['filler-1.bin']);
    } finally {
      disk.unmount();
    }
  });

  it('--force overwrites an existing backup', async () => {
    const result = await shopProcess(['--data', data.dir, '--json', 'backup', '--force', backupFile]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ file: backupFile, orders: summary.orders });
  });
});

describe('shop restore after a shop was killed with kill -9', () => {
  it('goes ahead (the dead shop’s mark is ignored), keeping the -wal of the replaced database and removing its -shm', async () => {
    const crashed = tempDataDir('backup-crashed');
    try {
      const script = spawnShopOn(crashed.dir);
      const crashedUrl = await script.ready;
      await placeBankTransferOrder(crashedUrl, shopper.idToken);
      script.child.kill('SIGKILL');
      await script.exited;
      const db = join(crashed.dir, 'shop.sqlite');
      expect(existsSync(`${db}-wal`)).toBe(true);
      expect(existsSync(`${db}-shm`)).toBe(true);

      const result = await shopProcess(['--data', crashed.dir, '--json', 'restore', backupFile]);
      expect(result.exitCode, result.stderr).toBe(0);
      const { keptAs } = JSON.parse(result.stdout);
      expect(existsSync(`${keptAs}-wal`)).toBe(true);
      expect(existsSync(`${db}-wal`)).toBe(false);
      expect(existsSync(`${db}-shm`)).toBe(false);
      // The order the killed shop committed is in the kept database, read through its -wal.
      expect(orderNumbers(keptAs)).toHaveLength(1);
      expect(orderNumbers(db).sort()).toEqual(orderNumbers(backupFile).sort());
    } finally {
      crashed.remove();
    }
  });
});

describe('shop restore checks the file first', () => {
  it('refuses a SQLite database that is not one of this shop’s, changing nothing', async () => {
    const other = join(backups.dir, 'other.sqlite');
    const db = new Database(other);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    const before = statSync(shopDb).mtimeMs;
    const result = await shopProcess(['--data', data.dir, 'restore', other]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `shop: ${other} is a SQLite database but not one of this shop's. Nothing was changed.`,
    );
    expect(statSync(shopDb).mtimeMs).toBe(before);
  });
});

describe('on Firestore', () => {
  it.each(['backup', 'restore'])(
    'shop %s says to use a managed export and how, with exit code 2',
    async (command) => {
      const result = await shopProcess(['--backend', 'firestore', command, 'x.sqlite']);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain('gcloud firestore export gs://<bucket>/backups/');
      expect(result.stderr).toContain('gcloud firestore import gs://<bucket>/backups/<date>');
    },
  );
});
