import { closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopProcess, tempDataDir } from '../support/cli.js';
import { TINY_PNG } from '../support/images.js';
import { interrupt, spawnShopOn } from '../support/shop-process.js';

const folders: { remove(): void }[] = [];
afterAll(() => {
  for (const folder of folders) folder.remove();
});

function dataFolder(label: string): string {
  const folder = tempDataDir(label);
  folders.push(folder);
  return folder.dir;
}

/** A real shop database with 30 products, written by the shop itself and closed (no -wal left). */
async function realShopDatabase(): Promise<string> {
  const dir = dataFolder('damaged');
  const seeded = await shopProcess(['--data', dir, 'seed', '--products', '30', '--seed', 'damaged']);
  expect(seeded.exitCode, seeded.stderr).toBe(0);
  return dir;
}

/** Overwrites the products table's root page with garbage, as a bad sector or a torn copy would. */
function corruptProductsPage(file: string): void {
  const db = new Database(file, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'products'").get() as {
    rootpage: number;
  };
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

/** Runs `npm start`'s script on the folder until it ends; its exit code and output. */
async function startRefused(dir: string) {
  const script = spawnShopOn(dir);
  const code = await Promise.race([script.exited, script.ready.then(() => 'started' as const)]);
  if (code === 'started') await interrupt(script);
  return { code, output: script.output() };
}

const restoreHint = (dir: string) =>
  `Restore the latest backup with \`shop --data ${dir} restore BACKUP_FILE\` (see "Backups" in README.md)`;

describe('a damaged database is refused, naming the file and how to restore it', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = await realShopDatabase();
    file = join(dir, 'shop.sqlite');
    corruptProductsPage(file);
  });

  it('shop products list exits 1 with the file name, the integrity check’s finding and the restore hint', async () => {
    const result = await shopProcess(['--data', dir, 'products', 'list']);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `shop: The shop's database ${file} is damaged (SQLite's integrity check: `,
    );
    expect(result.stderr).toContain(restoreHint(dir));
  });

  it('npm start refuses to start on it, with the same message, and exits non-zero', async () => {
    const { code, output } = await startRefused(dir);
    expect(code).toBe(1);
    expect(output).toContain(`Could not start the shop: The shop's database ${file} is damaged`);
    expect(output).toContain(restoreHint(dir));
    // Refused before the Auth emulator or the server was started.
    expect(output).not.toContain('Starting the Firebase Auth emulator');
  });

  it('a file that is not a database at all is refused the same way', async () => {
    const other = dataFolder('not-a-database');
    writeFileSync(join(other, 'shop.sqlite'), 'name,price\nBPC-157,39.99\n'.repeat(200));
    const result = await shopProcess(['--data', other, 'products', 'list']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`The shop's database ${join(other, 'shop.sqlite')} is damaged (SQLite: `);
    expect(result.stderr).toContain(restoreHint(other));
  });
});

describe('an empty database file', () => {
  it('beside the images of a shop that ran is refused by shop and npm start, and is not re-seeded', async () => {
    const dir = dataFolder('empty-db');
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'abc123.png'), TINY_PNG);
    const file = join(dir, 'shop.sqlite');
    writeFileSync(file, '');

    const listed = await shopProcess(['--data', dir, 'products', 'list']);
    expect(listed.exitCode).toBe(1);
    expect(listed.stderr).toContain(
      `shop: The shop's database ${file} is empty (0 bytes) although the data folder holds a shop's data (images)`,
    );
    expect(listed.stderr).toContain(restoreHint(dir));

    const started = await startRefused(dir);
    expect(started.code).toBe(1);
    expect(started.output).toContain(
      `Could not start the shop: The shop's database ${file} is empty (0 bytes)`,
    );
    expect(statSync(file).size).toBe(0);
  });

  it('in a brand-new data folder still starts the shop, which seeds its sample catalogue', async () => {
    const dir = dataFolder('empty-new');
    writeFileSync(join(dir, 'shop.sqlite'), '');
    const started = await startRefused(dir);
    expect(started.code, started.output).toBe('started');
    expect(started.output).toContain('Seeded the sample catalogue');
  });
});
