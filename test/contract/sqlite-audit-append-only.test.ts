import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { asActor } from '../../shared/backend/audit/actor.js';
import { migrations } from '../../shared/backend/store/sqlite/migrations.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { cliActor } from '../../shared/domain/audit.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { sqliteFileAtSchema } from '../support/sqlite-schema.js';
import { streamed } from './product-bulk.contract.js';

const dir = mkdtempSync(join(tmpdir(), 'shop-audit-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STAFF = { actor: 'grace@example.com', actorUid: 'uid-grace' };
const product = (name: string) => newProductSchema.parse({ name, price: 20 });

/** The audit table as anyone holding the file sees it, through better-sqlite3 rather than the shop. */
function rawEntries(file: string) {
  const db = new Database(file);
  try {
    return db.prepare('SELECT id, actor, actor_uid AS actorUid FROM audit ORDER BY id').all();
  } finally {
    db.close();
  }
}

/** Runs `sql` on the file directly and answers the error SQLite raised (null when it ran). */
function tryOnFile(file: string, sql: string): string | null {
  const db = new Database(file);
  try {
    db.prepare(sql).run();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    db.close();
  }
}

/** A shop file at schema 14, before audit entries named the person or refused deletion, with one entry. */
function fileBeforeMigration15(file: string): void {
  const old = sqliteFileAtSchema(file, 14);
  old
    .prepare(
      `INSERT INTO audit (id, at, actor, entity, entity_id, action, before, after)
       VALUES ('0000000000001-00-abcdefgh', 1, 'old@example.com', 'settings', 'tax', 'updated', '{}', '{"x":1}')`,
    )
    .run();
  old.close();
}

describe('the SQLite audit table refuses changes and deletions, whoever opens the file', () => {
  it('refuses UPDATE and DELETE of entries a shop wrote, while an import’s own undo still takes its entries back', async () => {
    const file = join(dir, 'today.sqlite');
    const store = openSqliteStore({ file });
    await asActor(STAFF, () => store.products.add(product('BPC-157')));
    await asActor(cliActor('ops'), () => store.products.add(product('TB-500')));
    await expect(
      asActor(cliActor('ops'), () =>
        store.products.bulkWrite(
          streamed(
            [[{ op: 'create', product: product('Semax') }], [{ op: 'create', product: product('x') }]],
            1,
          ),
        ),
      ),
    ).rejects.toThrow('the source gave up');
    await store.close();
    const before = rawEntries(file);
    expect(before.map((e) => (e as { actorUid: string | null }).actorUid)).toEqual(['uid-grace', null]);

    expect(tryOnFile(file, "UPDATE audit SET actor = 'someone@else.com'")).toMatch(/cannot be changed/);
    expect(tryOnFile(file, "UPDATE audit SET actor_uid = 'uid-else' WHERE actor_uid IS NOT NULL")).toMatch(
      /cannot be changed/,
    );
    expect(tryOnFile(file, 'DELETE FROM audit')).toMatch(/cannot be deleted/);
    expect(tryOnFile(file, "DELETE FROM audit WHERE actor = 'grace@example.com'")).toMatch(
      /cannot be deleted/,
    );
    expect(rawEntries(file)).toEqual(before);
  });

  it('adds the DELETE refusal and the uid to a file from before, whose entries read as they did', async () => {
    const file = join(dir, 'schema-14.sqlite');
    fileBeforeMigration15(file);
    expect(tryOnFile(file, 'SELECT 1 FROM audit')).toBeNull();

    const store = openSqliteStore({ file });
    expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    const [old] = (await store.audit.list({ limit: 10 })).entries;
    expect(old).toEqual({
      id: '0000000000001-00-abcdefgh',
      at: { seconds: 0, nanoseconds: 1_000_000 },
      actor: 'old@example.com',
      entity: 'settings',
      entityId: 'tax',
      action: 'updated',
      before: {},
      after: { x: 1 },
    });
    await store.close();

    expect(tryOnFile(file, 'DELETE FROM audit')).toMatch(/cannot be deleted/);
    expect(tryOnFile(file, "UPDATE audit SET actor = 'someone@else.com'")).toMatch(/cannot be changed/);
    expect(rawEntries(file)).toHaveLength(1);
  });
});
