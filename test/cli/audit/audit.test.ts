import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import type { AuditPage } from '../../../shared/domain/audit.js';
import type { Product } from '../../../shared/domain/product.js';
import { printedJson, shopInProcess, shopProcess, tempDataDir } from '../../support/cli.js';

describe('shop audit list: every change a command makes, recorded as cli:<os user>', () => {
  const data = tempDataDir('audit');
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const audit = async (...args: string[]) =>
    printedJson<AuditPage>(await shop('--json', 'audit', 'list', ...args));
  const me = `cli:${userInfo().username}`;
  let semax: Product;

  beforeAll(async () => {
    semax = printedJson<Product>(
      await shop('--json', 'products', 'add', '--name', 'Semax', '--price', '30', '--category', 'Nootropic'),
    );
    expect((await shop('products', 'toggle', 'Semax', '--off')).exitCode).toBe(0);
    expect((await shop('products', 'update', 'Semax', '--price', '31.5')).exitCode).toBe(0);
    const file = join(data.dir, 'catalogue.csv');
    writeFileSync(file, 'name,price\nSelank,25\nDihexa,80\n');
    const imported = await shop('products', 'import', file);
    expect(imported.exitCode, imported.stderr).toBe(0);
  });
  afterAll(() => data.remove());

  it('records an add, a toggle and an edit with the fields each changed, newest first', async () => {
    const { entries, next } = await audit('--entity', 'product', '--id', semax.id);
    expect(next).toBeNull();
    expect(entries.map((e) => [e.actor, e.action, e.before, e.after])).toEqual([
      [
        me,
        'updated',
        { price: 30, [`variants.${semax.variants[0]!.id}.price`]: 30 },
        expect.objectContaining({ price: 31.5 }),
      ],
      [me, 'updated', { available: true }, { available: false }],
      [me, 'created', {}, expect.objectContaining({ name: 'Semax', category: 'Nootropic', available: true })],
    ]);
  });

  it('records an import as one entry per product', async () => {
    const { entries } = await audit('--actor', me);
    const created = entries.filter((e) => e.action === 'created').map((e) => e.after.name);
    expect(created.sort()).toEqual(['Dihexa', 'Selank', 'Semax']);
    expect(entries).toHaveLength(5);
  });

  it('filters by time and pages with --limit and --before', async () => {
    expect((await audit('--since', '2999-01-01')).entries).toEqual([]);
    const first = await audit('--limit', '2');
    expect(first.entries).toHaveLength(2);
    const rest = await audit('--before', first.next!);
    expect(rest.next).toBeNull();
    expect([...first.entries, ...rest.entries].map((e) => e.id)).toEqual(
      (await audit()).entries.map((e) => e.id),
    );
  });

  it('refuses a filter it cannot read with a usage error (exit 2)', async () => {
    const badTime = await shop('audit', 'list', '--since', 'yesterday');
    expect(badTime.exitCode).toBe(2);
    expect(badTime.stderr).toContain('--since');
    expect((await shop('audit', 'list', '--entity', 'customer')).exitCode).toBe(2);
  });

  it('filters by the person (--actor-uid), whichever e-mail they used, and shows the uid under who', async () => {
    const store = openSqliteStore({ file: join(data.dir, 'shop.sqlite') });
    const entry = { entity: 'settings', entityId: 'tax', action: 'updated', before: {}, after: {} } as const;
    await store.audit.record([
      { ...entry, actor: 'packer@example.com', actorUid: 'uid-packer' },
      { ...entry, actor: 'owner@example.com', actorUid: 'uid-owner' },
      { ...entry, actor: 'owner@example.com', actorUid: 'uid-packer' },
    ]);
    await store.close();
    const byPacker = await audit('--actor-uid', 'uid-packer');
    expect(byPacker.entries.map((e) => [e.actor, e.actorUid])).toEqual([
      ['owner@example.com', 'uid-packer'],
      ['packer@example.com', 'uid-packer'],
    ]);
    expect((await audit('--actor', me)).entries.every((e) => e.actorUid === undefined)).toBe(true);
    const table = await shop('audit', 'list', '--actor-uid', 'uid-owner');
    expect(table.stdout).toContain('owner@example.com');
    expect(table.stdout).toContain('uid uid-owner');
    const blank = await shop('audit', 'list', '--actor-uid', ' ');
    expect(blank.exitCode).toBe(2);
    expect(blank.stderr).toContain('--actor-uid');
  });

  it('prints a table naming who changed what when run as a real process', async () => {
    const listed = await shopProcess(['--data', data.dir, 'audit', 'list', '--id', semax.id]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toContain(me);
    expect(listed.stdout).toContain('available: true → false');
    expect(listed.stderr).toContain('3 entries');
  });
});
