import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { describeOrderStoreContract } from './order-store.contract.js';
import { describeOutboxStoreContract } from './outbox-store.contract.js';
import { describeProductBulkContract } from './product-bulk.contract.js';
import { describeProductStoreContract } from './product-store.contract.js';

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
describeProductBulkContract('sqlite', sqlite);
describeOutboxStoreContract('sqlite', sqlite);

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
