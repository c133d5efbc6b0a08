import { execFileSync } from 'node:child_process';
import { createWriteStream, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { shopProcess, spawnShop, tempDataDir } from '../../support/cli.js';

// The volume and kill -9 tests of an import beside a running shop are in test/slow/cli/products/import-beside-shop.test.ts.
describe('an import in another process', () => {
  it('is left alone while it runs when the store is opened, and taken back at the next opening once killed', async () => {
    const data = tempDataDir('import-fifo');
    const count = (prefix: string) => {
      const db = new Database(databaseFile({ dataDir: data.dir }), { readonly: true, fileMustExist: true });
      try {
        return (
          db.prepare('SELECT count(*) AS n FROM products WHERE name LIKE ?').get(`${prefix} %`) as {
            n: number;
          }
        ).n;
      } finally {
        db.close();
      }
    };
    try {
      expect((await shopProcess(['--data', data.dir, 'orders', 'list', '--json'])).exitCode).toBe(0);
      const fifo = join(data.dir, 'piped.csv');
      execFileSync('mkfifo', [fifo]);
      const importing = spawnShop(['--data', data.dir, 'products', 'import', fifo]);
      const pipe = createWriteStream(fifo);
      pipe.write('name,price\r\n');
      for (let i = 0; i < 1500; i++) pipe.write(`Piped peptide ${i},12.5\r\n`);
      // what was sent is written; the import now waits for more of the file
      let written = 0;
      for (let settled = 0; written === 0 || settled < 10; ) {
        await sleep(50);
        const now = count('Piped peptide');
        settled = now === written ? settled + 1 : 0;
        written = now;
      }
      expect(importing.child.exitCode).toBeNull();

      expect((await shopProcess(['--data', data.dir, 'orders', 'list', '--json'])).exitCode).toBe(0);
      expect(count('Piped peptide')).toBe(written);

      process.kill(-importing.child.pid!, 'SIGKILL');
      expect(await importing.exited).toBeNull();
      pipe.destroy();
      expect(count('Piped peptide')).toBe(written);
      expect((await shopProcess(['--data', data.dir, 'orders', 'list', '--json'])).exitCode).toBe(0);
      expect(count('Piped peptide')).toBe(0);
      expect(readdirSync(data.dir).filter((f) => f.includes('-import-'))).toEqual([]);
    } finally {
      data.remove();
    }
  });
});
