import { execSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../../shared/backend/paths.js';
import type { Product } from '../../../shared/domain/product.js';
import { type CliResult, cliEnv, shopProcess, tempDataDir } from '../../support/cli.js';

const PRODUCTS = 100_000;
/** Seconds after which a stuck shop is killed, so that a failing test leaves no process behind. */
const LIFETIME = 150;
const name = (i: number) => `Pipe peptide ${i}`;

/**
 * Reads its stdin slowly, as a busy consumer does: it starts late, so that shop has long since
 * filled the pipe, then reads 4 KB at a time with a pause every 512 KB; it copies what it reads.
 */
const SLOW_READER = `
const { readSync, writeSync } = require('node:fs');
const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const buffer = Buffer.alloc(4096);
nap(700);
for (let reads = 1, n; (n = readSync(0, buffer)) > 0; reads++) {
  for (let at = 0; at < n; ) at += writeSync(1, buffer, at, n - at);
  if (reads % 128 === 0) nap(3);
}`;

/**
 * Reads the first 64 KB, then adds a product that sorts after every other with the real CLI (the shop
 * is still listing: it waits on the full pipe), then copies the rest through.
 */
const LATE_ADDER = `
const { readSync, writeSync } = require('node:fs');
const { execFileSync } = require('node:child_process');
const buffer = Buffer.alloc(65536);
let added = false;
for (let n; (n = readSync(0, buffer)) > 0; ) {
  for (let at = 0; at < n; ) at += writeSync(1, buffer, at, n - at);
  if (added) continue;
  execFileSync(process.env.SHOP, ['--data', process.env.DATA, '--quiet', 'products', 'add', '--name', process.env.LATE, '--price', '1']);
  added = true;
}`;

/** A shell pipeline `shop <args> | <reader>`: the reader's output, shop's stderr and shop's exit code. */
async function piped(
  dataDir: string,
  args: string[],
  reader: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  const result = await execa(
    'bash',
    [
      '-c',
      `timeout -s KILL ${LIFETIME} "$@" | ${reader}; exit "\${PIPESTATUS[0]}"`,
      'bash',
      join(packageRoot(), 'bin', 'shop'),
      '--data',
      dataDir,
      ...args,
    ],
    {
      env: cliEnv({ SLOW_READER, LATE_ADDER, ...env }),
      extendEnv: false,
      reject: false,
      stripFinalNewline: false,
      maxBuffer: 200_000_000,
    },
  );
  return { exitCode: result.exitCode ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const noNoise = (stderr: string) => expect(stderr).not.toMatch(/EPIPE|Error|^\s+at /m);

describe(`shop output of ${PRODUCTS.toLocaleString('en-US')} products`, { timeout: 180_000 }, () => {
  const data = tempDataDir('pipe-output');
  const slow = (...args: string[]) => piped(data.dir, args, 'node -e "$SLOW_READER"');
  const firstLine = (...args: string[]) => piped(data.dir, args, 'head -1');

  beforeAll(async () => {
    const csv = join(data.dir, 'catalogue.csv');
    const out = createWriteStream(csv);
    out.write('name,price,stock\n');
    for (let i = 0; i < PRODUCTS; i++) out.write(`${name(i)},${(100 + (i % 9000)) / 100},${i % 500}\n`);
    out.end();
    await finished(out);
    const imported = await shopProcess(['--data', data.dir, '--quiet', 'products', 'import', csv]);
    expect(imported.exitCode, imported.stderr).toBe(0);
  }, 180_000);
  afterAll(() => data.remove());

  it('--json products list --all reaches a slow reader through a pipe whole, and parses', async () => {
    const result = await slow('--json', 'products', 'list', '--all');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.length).toBeGreaterThan(20_000_000);
    const products = JSON.parse(result.stdout) as Product[];
    expect(products).toHaveLength(PRODUCTS);
    expect(new Set(products.map((p) => p.name))).toEqual(
      new Set(Array.from({ length: PRODUCTS }, (_, i) => name(i))),
    );
  });

  it('products list --all prints every row of its bordered table through a pipe to a slow reader', async () => {
    const result = await slow('products', 'list', '--all');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe(`${PRODUCTS} products\n`);
    const lines = result.stdout.split('\n');
    expect(lines.pop()).toBe('');
    // top rule, head, then a rule and a row per product, bottom rule
    expect(lines).toHaveLength(3 + 2 * PRODUCTS);
    expect(lines[1]).toMatch(/^│ id +│ name +│ price +│ available │ variants │ stock │$/);
    expect(lines.at(-1)).toMatch(/^└─+┴─+┴─+┴─+┴─+┴─+┘$/);
    const rows = lines.filter((line, i) => i > 1 && line.startsWith('│'));
    expect(rows).toHaveLength(PRODUCTS);
    expect(new Set(rows.map((row) => row.split('│')[2]!.trim()))).toHaveProperty('size', PRODUCTS);
    expect(new Set(lines.map((line) => line.length))).toEqual(new Set([lines[0]!.length]));
  });

  it('--json products export reaches a slow reader through a pipe whole, and parses', async () => {
    const result = await slow('--json', 'products', 'export');
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const products = JSON.parse(result.stdout) as Product[];
    expect(products).toHaveLength(PRODUCTS);
    expect(products.at(-1)?.name).toMatch(/^Pipe peptide \d+$/);
  });

  it('a reader that closes after the first line (| head -1) ends shop quietly with exit 0', async () => {
    const [json, table, csv] = await Promise.all([
      firstLine('--json', 'products', 'list', '--all'),
      firstLine('products', 'list', '--all'),
      firstLine('products', 'export'),
    ]);
    expect(json).toEqual({ exitCode: 0, stdout: '[\n', stderr: '' });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^┌─+┬─+┬─+┬─+┬─+┬─+┐\n$/);
    noNoise(table.stderr);
    expect(csv).toEqual({
      exitCode: 0,
      stdout:
        'name,price,description,category,brand,stock,available,image,sku,compare-at,option1 name,option1 value,option2 name,option2 value,option3 name,option3 value,variant available,variant image,images,tags,cas,formula,mw,sequence,purity,form,storage\r\n',
      stderr: '',
    });
  });

  describe('to a full disk', () => {
    const disk = join(data.dir, 'tiny-disk');
    beforeAll(() => {
      mkdirSync(disk);
      execSync(`mount -t tmpfs -o size=1m tmpfs ${disk}`);
    });
    afterAll(() => execSync(`umount ${disk}`));

    it('says the output was not all written and exits 1, when stdout is a file on a full disk', async () => {
      const result = await execa(
        'bash',
        [
          '-c',
          `timeout -s KILL ${LIFETIME} "$@" > ${disk}/products.json`,
          'bash',
          join(packageRoot(), 'bin', 'shop'),
          '--data',
          data.dir,
          '--json',
          'products',
          'list',
          '--all',
        ],
        {
          env: cliEnv(),
          extendEnv: false,
          reject: false,
        },
      );
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toBe(
        'shop: the output was not all written (ENOSPC: no space left on device, write)',
      );
      expect(readFileSync(join(disk, 'products.json')).length).toBe(1024 * 1024);
    });
  });

  // Last: it adds products to the shared catalogue.
  it.each([
    ['the table', []],
    ['--json', ['--json']],
  ])(
    '%s streams: a product added after the first rows reached the reader is listed at the end',
    async (_what, flags) => {
      const late = `Zz late peptide${flags.length}`;
      const shop = join(packageRoot(), 'bin', 'shop');
      const result = await piped(data.dir, [...flags, 'products', 'list', '--all'], 'node -e "$LATE_ADDER"', {
        SHOP: shop,
        DATA: data.dir,
        LATE: late,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      const names = flags.length
        ? (JSON.parse(result.stdout) as Product[]).map((p) => p.name)
        : result.stdout
            .split('\n')
            .filter((line) => line.startsWith('│'))
            .slice(1)
            .map((row) => row.split('│')[2]!.trim());
      expect(names.at(-1)).toBe(late);
      expect(names.length).toBeGreaterThan(PRODUCTS);
    },
  );
});
