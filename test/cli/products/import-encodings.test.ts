import { execFileSync } from 'node:child_process';
import { copyFileSync, createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../../cli/import/run-import.js';
import type { Product } from '../../../shared/domain/product.js';
import { printedJson, shopInProcess, tempDataDir } from '../../support/cli.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/import');

/** Control characters a terminal would act on: what raw bytes of a binary file would print. */
function hasTerminalControls(text: string): boolean {
  return [...text].some((char) => {
    const code = char.codePointAt(0)!;
    return (code < 0x20 && code !== 0x0a && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
  });
}

describe('shop products import: text encodings', () => {
  let data: ReturnType<typeof tempDataDir>;
  const shop = (...args: string[]) => shopInProcess(data.dir, args);
  const fixture = (name: string) => {
    const file = join(data.dir, name);
    copyFileSync(join(FIXTURES, name), file);
    return file;
  };
  const names = async () =>
    printedJson<Product[]>(await shop('--json', 'products', 'list', '--all'))
      .map((p) => p.name)
      .sort();

  beforeEach(() => {
    data = tempDataDir('import-encodings');
  });
  afterEach(() => data.remove());

  it('converts an Excel file saved in Windows-1252 (Latin-1) and says so, storing no replacement character', async () => {
    const result = await shop('products', 'import', fixture('excel-western-windows-1252.csv'));
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'The file is not UTF-8; it was read as Windows-1252 (Latin-1) and converted to UTF-8.',
    );
    expect((result.data as ImportSummary).notices).toHaveLength(1);
    const products = printedJson<Product[]>(await shop('--json', 'products', 'list', '--all'));
    const byName = Object.fromEntries(products.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(['Café Peptide', 'Müller’s TB-500', 'Ñandú BPC-157']);
    expect(byName['Café Peptide']).toMatchObject({
      description: '<p>Crème brûlée – naïve façade</p>',
      brand: 'Société Bio',
      stock: 5,
    });
    expect(byName['Müller’s TB-500']?.description).toBe('<p>Lyophilised · 5 mg ± 2%</p>');
    expect(JSON.stringify(products)).not.toContain('\uFFFD');
  });

  it.each([['unicode-utf16le-bom.csv'], ['unicode-utf16be-bom.csv']])(
    'reads UTF-16 with a byte-order mark (%s) without a notice',
    async (name) => {
      const result = await shop('products', 'import', fixture(name));
      expect(result.exitCode, result.stderr).toBe(0);
      expect((result.data as ImportSummary).notices).toEqual([]);
      expect(result.stderr).not.toContain('UTF');
      expect(await names()).toEqual(['Café Peptide', 'Müller’s TB-500', 'Ñandú BPC-157']);
    },
  );

  it('refuses a row holding the replacement character, naming its row and column, and writes nothing', async () => {
    const result = await shop('products', 'import', fixture('damaged-replacement-character.csv'));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'row 2, column name: holds the replacement character �: the text was damaged by a wrong encoding',
    );
    expect(await names()).toEqual([]);
  });

  it.each([
    [
      'workbook-saved-as-csv-name.csv',
      'not a CSV file: it looks like a ZIP archive or an Excel workbook (.xlsx)',
    ],
    ['binary-with-nul.csv', 'not a CSV file: it looks like binary data (it holds NUL bytes)'],
  ])('refuses %s as not a CSV, without printing its bytes', async (name, message) => {
    const result = await shop('products', 'import', fixture(name));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(message);
    expect(hasTerminalControls(result.stderr)).toBe(false);
    expect(result.stdout).toBe('');
    expect(await names()).toEqual([]);
  });

  it('reads piped UTF-8 as it streams, and stops piped input that is not UTF-8, writing nothing', async () => {
    const pipe = async (bytes: Buffer) => {
      const fifo = join(data.dir, `piped-${Math.random().toString(36).slice(2)}.csv`);
      execFileSync('mkfifo', [fifo]);
      const importing = shop('products', 'import', fifo);
      const writer = createWriteStream(fifo);
      writer.end(bytes);
      return importing;
    };
    const good = await pipe(Buffer.from('name,price\nPiped Café,12.5\n'));
    expect(good.exitCode, good.stderr).toBe(0);
    const bad = await pipe(readFileSync(join(FIXTURES, 'excel-western-windows-1252.csv')));
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('the input is not UTF-8 text (byte 49); piped input is read as UTF-8 only');
    expect(await names()).toEqual(['Piped Café']);
  });
});
