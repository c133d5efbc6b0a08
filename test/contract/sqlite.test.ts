import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../../shared/backend/store/sqlite/migrations.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newDiscountSchema } from '../../shared/domain/discount.js';
import { DuplicateNameError } from '../../shared/domain/errors.js';
import { paymentDueBy } from '../../shared/domain/order.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { sqliteFileAtSchema } from '../support/sqlite-schema.js';
import { describeAuditStoreContract } from './audit-store.contract.js';
import { describeCatalogueListingContract } from './catalogue-listing.contract.js';
import { describeCheckoutPricingContract } from './checkout-pricing.contract.js';
import { describeComplianceRecordContract } from './compliance-record.contract.js';
import { describeLotStoreContract } from './lot-store.contract.js';
import { describeOrderListingContract } from './order-listing.contract.js';
import { describeOrderStoreContract, SAMPLE_ADDRESS } from './order-store.contract.js';
import { describeOrderWorkflowContract } from './order-workflow.contract.js';
import { describeOutboxStoreContract } from './outbox-store.contract.js';
import { describeProductBulkContract } from './product-bulk.contract.js';
import { describeProductChangesContract } from './product-changes.contract.js';
import { describeProductMediaContract } from './product-media.contract.js';
import { describeProductStoreContract } from './product-store.contract.js';
import { describeProductVersionContract } from './product-version.contract.js';
import { describeSalesReportContract } from './sales-report.contract.js';
import { describeStorePortContract } from './store-port.contract.js';
import { describeUnpaidOrdersContract } from './unpaid-orders.contract.js';
import { describeVariantOrderContract } from './variant-order.contract.js';
import { describeVariantStoreContract } from './variant-store.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const sqlite = {
  open: async (now: () => number) => openSqliteStore({ file: join(dir, `contract-${n++}.sqlite`), now }),
  openAgain: async (now: () => number) =>
    openSqliteStore({ file: join(dir, `contract-${n - 1}.sqlite`), now }),
};
describeProductStoreContract('sqlite', sqlite);
describeOrderStoreContract('sqlite', sqlite);
describeComplianceRecordContract('sqlite', sqlite);
describeCheckoutPricingContract('sqlite', sqlite);
describeOrderListingContract('sqlite', sqlite);
describeOrderWorkflowContract('sqlite', sqlite);
describeProductBulkContract('sqlite', sqlite);
describeProductVersionContract('sqlite', sqlite);
describeProductChangesContract('sqlite', sqlite);
describeCatalogueListingContract('sqlite', sqlite);
describeOutboxStoreContract('sqlite', sqlite);
describeVariantStoreContract('sqlite', sqlite);
describeProductMediaContract('sqlite', sqlite);
describeVariantOrderContract('sqlite', sqlite);
describeLotStoreContract('sqlite', sqlite);
describeSalesReportContract('sqlite', sqlite);
describeUnpaidOrdersContract('sqlite', sqlite);
describeStorePortContract('sqlite', { ...sqlite, backups: 'file' });
describeAuditStoreContract('sqlite', sqlite);

describe('sqlite store: shared file', () => {
  it('sees writes made through another connection and reports them in the change token', async () => {
    const file = join(dir, 'shared.sqlite');
    const server = openSqliteStore({ file });
    const cli = openSqliteStore({ file });
    const before = await server.products.changeToken();
    await cli.products.add(newProductSchema.parse({ name: 'AOD-9604', price: 45 }));
    expect(await server.products.changeToken()).not.toBe(before);
    expect((await server.products.listAll()).map((p) => p.name)).toEqual(['AOD-9604']);
    await server.close();
    await cli.close();
  });

  it('as the server opens it, notices another process’s writes within 50 ms and its own at once', async () => {
    const file = join(dir, 'window.sqlite');
    const server = openSqliteStore({ file, externalChangeWindowMs: 50 });
    const cli = openSqliteStore({ file });
    const before = await server.products.changeToken();
    await cli.products.add(newProductSchema.parse({ name: 'Outside edit', price: 5 }));
    await new Promise((r) => setTimeout(r, 60));
    const afterOutside = await server.products.changeToken();
    expect(afterOutside).not.toBe(before);
    await server.products.add(newProductSchema.parse({ name: 'Own edit', price: 5 }));
    expect(await server.products.changeToken()).not.toBe(afterOutside);
    await server.close();
    await cli.close();
  });

  it('gives products in a database from before versions existed version 1, and conditional writes work on them', async () => {
    const file = join(dir, 'schema-2.sqlite');
    const old = sqliteFileAtSchema(file, 2);
    old
      .prepare(
        `INSERT INTO products (id, name, name_key, price, available, stock, created_at, updated_at)
         VALUES ('old-1', 'Old stock', 'old stock', 20, 1, 7, 0, 0)`,
      )
      .run();
    old.close();
    const store = openSqliteStore({ file });
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect(await store.products.get('old-1')).toMatchObject({ stock: 7, version: 1 });
    await expect(
      store.products.update('old-1', { brand: 'Helix' }, { expectedVersion: 1 }),
    ).resolves.toMatchObject({ brand: 'Helix', stock: 7, version: 2 });
    await store.close();
  });

  it('reads products from before galleries and tags with none, and sizes from before size images with none', async () => {
    const file = join(dir, 'schema-7.sqlite');
    const old = sqliteFileAtSchema(file, 7);
    const variants = [
      { id: 'v5', sku: 'OLD-5', options: {}, price: 20, compareAtPrice: null, stock: 7, available: true },
    ];
    old
      .prepare(
        `INSERT INTO products (id, name, name_key, price, available, img_url, stock, variants, created_at, updated_at)
         VALUES ('old-1', 'Old stock', 'old stock', 20, 1, '/images/old.png', 7, ?, 0, 0)`,
      )
      .run(JSON.stringify(variants));
    old.close();
    const store = openSqliteStore({ file });
    const product = await store.products.get('old-1');
    expect(product).toMatchObject({ imgUrl: '/images/old.png', images: [], tags: [] });
    expect(product?.variants).toEqual([{ ...variants[0], imgUrl: '' }]);
    const changed = await store.products.update('old-1', { images: ['/images/old-back.png'], tags: ['Old'] });
    expect(changed).toMatchObject({ images: ['/images/old-back.png'], tags: ['Old'], stock: 7 });
    expect(await store.products.get('old-1')).toEqual(changed);
    await store.close();
  });

  it('knows who used a once-per-customer code before e-mails were compared, and keeps older orders’ 7-day deadline', async () => {
    const file = join(dir, 'schema-16.sqlite');
    const placedAt = Date.UTC(2026, 10, 1);
    const before = openSqliteStore({ file, now: () => placedAt });
    const vial = await before.products.add(newProductSchema.parse({ name: 'Old code vial', price: 20 }));
    await before.discounts.create(
      newDiscountSchema.parse({ code: 'ONCE', type: 'percent', value: 5, oncePerCustomer: true }),
    );
    const request = {
      uid: 'first-account',
      email: 'Ada@Example.com',
      lines: [{ productId: vial.id, quantity: 1 }],
      shippingAddress: SAMPLE_ADDRESS,
      paymentProvider: 'manual' as const,
      discountCode: 'ONCE',
    };
    const { order } = await before.orders.place({ ...request, idempotencyKey: 'schema-14-order-0001' });
    await before.close();
    // As the shop before migration 17 left it.
    const old = new Database(file);
    old.exec(`DROP INDEX discount_redemptions_email; ALTER TABLE discount_redemptions DROP COLUMN email_key;
      ALTER TABLE orders DROP COLUMN payment_due_at;`);
    old.pragma('user_version = 16');
    old.close();

    const store = openSqliteStore({ file, now: () => placedAt });
    const again = store.orders.place({
      ...request,
      uid: 'throwaway',
      email: 'ada@example.com ',
      idempotencyKey: 'schema-14-order-0002',
    });
    await expect(again).rejects.toThrow('You have already used discount code ONCE');
    expect((await store.orders.get(order.id))?.payment.dueBy).toBeUndefined();
    expect(paymentDueBy((await store.orders.get(order.id))!)?.seconds).toBe(
      placedAt / 1000 + 7 * 24 * 60 * 60,
    );
    await store.close();
  });

  it('reports an import’s products and every later write to another connection’s change feed, after a failed import too', async () => {
    const file = join(dir, 'feed.sqlite');
    const server = openSqliteStore({ file });
    const cli = openSqliteStore({ file });
    const product = (name: string) => ({
      op: 'create' as const,
      product: newProductSchema.parse({ name, price: 10 }),
    });
    const start = await server.products.changesSince(null, 10);
    await cli.products.bulkWrite([[product('Imported A'), product('Imported B')]]);
    await expect(cli.products.bulkWrite([[product('Failed C'), product('Imported A')]])).rejects.toThrow(
      DuplicateNameError,
    );
    const added = await cli.products.add(newProductSchema.parse({ name: 'Added D', price: 10 }));
    await cli.products.update(added.id, { brand: 'Helix' });
    const answer = await server.products.changesSince(start.cursor, 10);
    expect(answer.reset ? [] : answer.products.map((p) => `${p.name} ${p.brand}`).sort()).toEqual([
      'Added D Helix',
      'Imported A ',
      'Imported B ',
    ]);
    await server.close();
    await cli.close();
  });

  it('runs in WAL mode and survives reopening', async () => {
    const file = join(dir, 'reopen.sqlite');
    const first = openSqliteStore({ file });
    expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
    await first.products.add(newProductSchema.parse({ name: 'MOTS-c', price: 60 }));
    await first.close();
    const second = openSqliteStore({ file });
    expect((await second.products.listAll()).map((p) => p.name)).toEqual(['MOTS-c']);
    await second.close();
  });
});

describe('sqlite store: a database written before names were keyed by their confusable skeleton (schema 14)', () => {
  it('gives every name its skeleton on opening: look-alikes are duplicates, both older look-alikes stay', async () => {
    const file = join(dir, 'before-skeletons.sqlite');
    const db = sqliteFileAtSchema(file, 14);
    const insert = db.prepare(
      `INSERT INTO products (id, name, name_key, price, available, stock, created_at, updated_at)
       VALUES (?, ?, ?, 10, 1, 5, ?, ?)`,
    );
    insert.run('p-latin', 'BPC-157', 'bpc-157', 1000, 1000);
    insert.run('p-greek', '\u0392PC-157', '\u03b2pc-157', 1001, 1001);
    insert.run('p-glp', 'GLP-1', 'glp-1', 1002, 1002);
    db.close();

    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = openSqliteStore({ file });
    expect(warned.mock.calls.flat().join('\n')).toMatch(
      /"BPC-157" and "\u0392PC-157" \(p-greek\) now count as the same name/,
    );
    warned.mockRestore();
    try {
      expect((await store.products.findByName('BPC\u2010157'))?.id).toBe('p-latin');
      await expect(
        store.products.add(newProductSchema.parse({ name: 'BPC\u2010157', price: 5 })),
      ).rejects.toThrow(DuplicateNameError);
      await store.products.add(newProductSchema.parse({ name: 'GIP-1', price: 5 }));
      expect((await store.products.listAll()).map((p) => p.id)).toEqual(
        expect.arrayContaining(['p-latin', 'p-greek', 'p-glp']),
      );
    } finally {
      await store.close();
    }
  });
});

describe('sqlite store: a database written by an older shop (schema 2)', () => {
  /** A shop.sqlite as the shop before fingerprints and Unicode-aware name keys left it. */
  function olderDatabase(file: string): void {
    const db = sqliteFileAtSchema(file, 2);
    const product = db.prepare(
      `INSERT INTO products (id, name, name_key, price, available, stock, created_at, updated_at)
       VALUES (?, ?, ?, 10, 1, 5, ?, ?)`,
    );
    // Keys as the older shop made them: trimmed, NFC, lower-cased.
    const oldKey = (name: string) => name.trim().normalize('NFC').toLowerCase();
    const older = [
      ['p-bpc', 'BPC-157'],
      ['p-bpc-zwsp', 'bpc-157\u200b'],
      ['p-tb', 'ＴＢ-500\u200b'],
      ['p-ghk', 'GHK-Cu'],
    ] as const;
    for (const [i, [id, name]] of older.entries()) product.run(id, name, oldKey(name), 1000 + i, 1000 + i);
    db.prepare(
      `INSERT INTO orders VALUES ('o-1', 'HP-00000001', 'user-a', 'ada@example.com',
        '[{"productId":"p-ghk","name":"GHK-Cu","unitPriceCents":1000,"quantity":1,"stockReserved":true}]',
        1000, 1500, 2500, ?, 'pending_payment', '[]', NULL, 'manual', NULL, 'older-key-0000000001', 1000, 1000)`,
    ).run(JSON.stringify(SAMPLE_ADDRESS));
    db.close();
  }

  it('recomputes name keys on opening, so look-alikes of stored names are duplicates, keeping both old look-alikes', async () => {
    const file = join(dir, 'older-names.sqlite');
    olderDatabase(file);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = openSqliteStore({ file });
    expect(warned.mock.calls.flat().join('\n')).toMatch(
      /"BPC-157" and "bpc-157\u200b" \(p-bpc-zwsp\) now count as the same name/,
    );
    warned.mockRestore();
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect((await store.products.findByName('TB-500'))?.id).toBe('p-tb');
    expect((await store.products.get('p-tb'))?.name).toBe('ＴＢ-500');
    expect((await store.products.findByName('bpc-157'))?.id).toBe('p-bpc');
    await expect(store.products.add(newProductSchema.parse({ name: 'tb-500', price: 5 }))).rejects.toThrow(
      DuplicateNameError,
    );
    await expect(
      store.products.add(newProductSchema.parse({ name: 'GHK-Cu\u200b', price: 5 })),
    ).rejects.toThrow(DuplicateNameError);
    expect((await store.products.listAll()).map((p) => p.id)).toEqual([
      'p-bpc',
      'p-bpc-zwsp',
      'p-ghk',
      'p-tb',
    ]);
    await store.close();
  });

  it('answers a repeated key of an order stored without a fingerprint with that order, whatever the body', async () => {
    const file = join(dir, 'older-orders.sqlite');
    olderDatabase(file);
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {});
    const store = openSqliteStore({ file });
    const again = await store.orders.place({
      uid: 'user-a',
      email: 'ada@example.com',
      lines: [{ productId: 'p-bpc', quantity: 3 }],
      shippingAddress: SAMPLE_ADDRESS,
      paymentProvider: 'manual',
      idempotencyKey: 'older-key-0000000001',
    });
    expect(again.created).toBe(false);
    expect(again.order.id).toBe('o-1');
    await store.close();
  });

  it('reads an order stored before compliance was kept as not recorded', async () => {
    const file = join(dir, 'older-compliance.sqlite');
    olderDatabase(file);
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {});
    const store = openSqliteStore({ file });
    expect((await store.orders.get('o-1'))?.compliance).toBeNull();
    expect((await store.orders.listForUser('user-a')).map((o) => o.compliance)).toEqual([null]);
    await store.close();
  });
});
