import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { describeProductStoreContract } from './product-store.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

describeProductStoreContract('sqlite', {
  open: async (now) => openSqliteStore({ file: join(dir, `contract-${n++}.sqlite`), now }),
});

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
