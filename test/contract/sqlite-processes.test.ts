import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../../shared/backend/catalogue/catalogue-index.js';
import { packageRoot } from '../../shared/backend/paths.js';
import { openSqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { DEFAULT_CATALOGUE_QUERY } from '../../shared/domain/catalogue-query.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { shopProcess } from '../support/cli.js';

// Several processes sharing one SQLite file (the server and the CLI, or two servers) run the built
// store (dist/node: `node scripts/build.mjs --node-only`), as bin/shop does.
const dir = mkdtempSync(join(tmpdir(), 'shop-sqlite-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function editor(args: string[], script = 'conditional-update-process.mjs') {
  const child: ChildProcess = spawn(
    process.execPath,
    [join(packageRoot(), 'test', 'support', script), ...args],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = async (count: number): Promise<string[]> => {
    for (;;) {
      const done = output.split('\n').filter(Boolean);
      if (done.length >= count) return done;
      if (child.exitCode !== null) throw new Error(`editor exited with ${child.exitCode} after: ${output}`);
      await Promise.race([new Promise((r) => child.stdout!.once('data', r)), exited]);
    }
  };
  const ready = lines(1);
  const ended = exited.then(() => lines(2));
  return { child, ready, ended };
}

describe('sqlite store: conditional writes from several processes', () => {
  it('lets exactly one of 6 processes editing from the same version save; the others are told it is stale', async () => {
    const file = join(dir, 'shared.sqlite');
    const store = openSqliteStore({ file });
    const product = await store.products.add(
      newProductSchema.parse({ name: 'Contended', price: 20, stock: 10 }),
    );
    const editors = Array.from({ length: 6 }, (_, i) =>
      editor([file, product.id, String(product.version), `Editor ${i}`]),
    );
    await Promise.all(editors.map((e) => e.ready));
    for (const e of editors) e.child.stdin!.end('go\n');
    const outcomes = (await Promise.all(editors.map((e) => e.ended))).map((lines) => lines[1]);

    expect([...outcomes].sort()).toEqual(['saved', 'stale', 'stale', 'stale', 'stale', 'stale']);
    const saved = (await store.products.get(product.id))!;
    expect(saved.category).toBe(`Editor ${outcomes.indexOf('saved')}`);
    expect(saved).toMatchObject({ stock: 10, version: product.version + 1 });
    await store.close();
  }, 60_000);
});

describe('sqlite store: SKUs claimed from several processes', () => {
  it('leaves exactly one product when 6 processes make 50 adds with one SKU at once', async () => {
    const file = join(dir, 'skus.sqlite');
    const store = openSqliteStore({ file });
    const sku = 'BPC-157-10MG';
    const adders = Array.from({ length: 6 }, (_, i) =>
      editor(
        [file, i % 2 ? sku : ' bpc-157-10mg', String(i < 2 ? 9 : 8), `Process ${i}`],
        'sku-claim-process.mjs',
      ),
    );
    await Promise.all(adders.map((a) => a.ready));
    for (const a of adders) a.child.stdin!.end('go\n');
    const outcomes = (await Promise.all(adders.map((a) => a.ended))).map(
      (lines) => JSON.parse(lines[1]!) as { saved: number; refused: string[] },
    );

    expect(outcomes.reduce((sum, o) => sum + o.saved, 0)).toBe(1);
    expect(outcomes.flatMap((o) => o.refused)).toEqual(Array.from({ length: 49 }, () => 'duplicate-sku'));
    const products = await store.products.listAll();
    expect(products).toHaveLength(1);
    expect((await store.products.findBySku(sku))?.product.id).toBe(products[0]!.id);
    await store.close();
  }, 60_000);
});

describe('sqlite store: maintenance beside a running shop', () => {
  it('takes back an import killed with kill -9 mid-way, without the store being reopened', async () => {
    const file = join(dir, 'maintained.sqlite');
    const store = openSqliteStore({ file });
    const kept = await store.products.add(newProductSchema.parse({ name: 'Kept', price: 20 }));
    const maintenance = store.startMaintenance();
    const child = spawn(
      process.execPath,
      [join(packageRoot(), 'test', 'support', 'killed-import-process.mjs'), file],
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('written') && resolve());
        child.once('exit', (code) => reject(new Error(`the import exited with ${code} before writing`)));
      });
      expect((await store.products.listAll()).map((p) => p.name)).toContain('Killed import A');
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGKILL');
      await gone;
      const deadline = Date.now() + 15_000;
      let names = (await store.products.listAll()).map((p) => p.name);
      while (names.length > 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        names = (await store.products.listAll()).map((p) => p.name);
      }
      expect(names).toEqual([kept.name]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await maintenance.stop();
      await store.close();
    }
  }, 30_000);
});

describe('sqlite store: the catalogue index beside the CLI', () => {
  it('lists products the CLI adds, hides, imports and deletes from another process in the next answer', async () => {
    const data = mkdtempSync(join(dir, 'cli-beside-'));
    const shop = (...args: string[]) => shopProcess(['--data', data, '--init', '--quiet', ...args]);
    expect((await shop('products', 'add', 'Before the server', '--price', '10')).exitCode).toBe(0);
    const store = openSqliteStore({ file: join(data, 'shop.sqlite') });
    const index = new CatalogueIndex(store.products);
    const names = async () =>
      (await index.list({ ...DEFAULT_CATALOGUE_QUERY, perPage: 48 }, 'public')).products.map((p) => p.name);
    try {
      expect(await names()).toEqual(['Before the server']);
      expect((await shop('products', 'add', 'Added by the CLI', '--price', '12')).exitCode).toBe(0);
      expect(await names()).toEqual(['Added by the CLI', 'Before the server']);
      expect((await shop('products', 'toggle', 'Before the server')).exitCode).toBe(0);
      expect(await names()).toEqual(['Added by the CLI']);
      const csv = join(data, 'import.csv');
      writeFileSync(csv, 'name,price\r\nImported beside,14\r\n');
      expect((await shop('products', 'import', csv)).exitCode).toBe(0);
      expect(await names()).toEqual(['Added by the CLI', 'Imported beside']);
      expect((await shop('products', 'delete', 'Added by the CLI', '--yes')).exitCode).toBe(0);
      expect(await names()).toEqual(['Imported beside']);
    } finally {
      await store.close();
    }
  }, 60_000);
});
