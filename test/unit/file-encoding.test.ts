import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { detectEncoding } from '../../cli/import/file-encoding.js';

const dir = mkdtempSync(join(tmpdir(), 'encoding-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (bytes: Buffer) => {
  const path = join(dir, `f${++n}.csv`);
  writeFileSync(path, bytes);
  return path;
};

/** Reads are 256 KB chunks: these rows put a multi-byte letter across the first chunk's edge. */
const CHUNK = 256 * 1024;

describe('detectEncoding', () => {
  it('takes UTF-8 whose multi-byte letters straddle the chunks the scan reads', async () => {
    const head = Buffer.from('name,price\n');
    const filler = Buffer.alloc(CHUNK - head.length - 1, 'a');
    const bytes = Buffer.concat([head, filler, Buffer.from('é🧪,1\n')]);
    expect(bytes.subarray(CHUNK - 1, CHUNK + 1).toString('hex')).toBe('c3a9');
    expect(await detectEncoding(file(bytes))).toEqual({ encoding: 'utf-8', notice: null });
  });

  it('finds Latin-1 bytes far into a file that begins as plain ASCII', async () => {
    const ascii = Buffer.from(`name,price\n${'Plain peptide,1\n'.repeat(40_000)}`);
    const bytes = Buffer.concat([ascii, iconv.encode('Café Peptide,2\n', 'windows-1252')]);
    expect(bytes.length).toBeGreaterThan(2 * CHUNK);
    expect((await detectEncoding(file(bytes))).encoding).toBe('windows-1252');
  });

  it('converts a Cyrillic Windows-1251 file when sure, naming the encoding', async () => {
    const text = `name,price,description\n${'Пептид для исследований,10,Хранить в прохладном месте\n'.repeat(50)}`;
    const found = await detectEncoding(file(iconv.encode(text, 'windows-1251')));
    expect(found.encoding).toBe('windows-1251');
    expect(found.notice).toContain('read as windows-1251');
  });

  it('refuses a file whose encoding cannot be told, saying what to do', async () => {
    // UTF-8 and Latin-1 mixed in one file: no single encoding reads it right.
    const bytes = Buffer.concat([
      Buffer.from('name,price\nПептид,1\n'),
      Buffer.from([0x81, 0x8d, 0x8f, 0x90, 0x9d]),
      Buffer.from(',2\n'),
    ]);
    await expect(detectEncoding(file(bytes))).rejects.toThrow(
      /not UTF-8 and its encoding cannot be told for sure .*save it as "CSV UTF-8"/,
    );
  });

  it('reads UTF-16 without a byte-order mark by its zero bytes, with a notice', async () => {
    const found = await detectEncoding(file(iconv.encode('name,price\nBPC-157,1\n', 'utf-16le')));
    expect(found.encoding).toBe('utf-16le');
    expect(found.notice).toContain('UTF-16LE without a byte-order mark');
  });

  it('names a missing file and a folder', async () => {
    await expect(detectEncoding(join(dir, 'nope.csv'))).rejects.toThrow('no such file');
    await expect(detectEncoding(dir)).rejects.toThrow('it is a folder, not a file');
  });
});
