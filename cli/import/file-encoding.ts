import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { CsvError } from './csv-error.js';

/** How a file's bytes are read as text, and what the import tells the operator about it. */
export interface FileEncoding {
  /** The name iconv-lite decodes with ('utf-8' needs no decoding). */
  encoding: string;
  /**
   * A pipe cannot be read twice, so it is not looked at beforehand: it must be UTF-8, checked as it
   * streams, and the import stops at the first byte that is not.
   */
  checkWhileReading?: boolean;
  /** A sentence for the import report when the file was converted; null for UTF-8. */
  notice: string | null;
}

const UTF8: FileEncoding = { encoding: 'utf-8', notice: null };
const SAMPLE_BYTES = 256 * 1024;
/** chardet's confidence (0–100) below which a guess is not trusted with someone's catalogue. */
const MIN_CONFIDENCE = 50;
/** Encodings of other scripts, whose bytes Windows-1252 would misread as accented Latin letters. */
const OTHER_SCRIPTS = new Set([
  'windows-1251',
  'windows-1253',
  'ISO-8859-5',
  'ISO-8859-7',
  'KOI8-R',
  'Shift_JIS',
  'EUC-JP',
  'GB18030',
  'Big5',
  'EUC-KR',
]);
/** Latin encodings besides the Western one. */
const OTHER_LATIN = new Set(['windows-1250', 'windows-1254', 'ISO-8859-2', 'ISO-8859-9']);
/** Letters, and the punctuation and signs product texts use, as Windows-1252 has them. */
const WESTERN_TEXT = /[\p{L}–—‘’‚“”„•…°±·×÷€™®©§¶«»¿¡¢£¥µ¼½¾\u00a0]/u;

/** Files people pick by mistake, by their first bytes. */
const SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive or an Excel workbook (.xlsx)' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Excel workbook (.xls)' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
];

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

function notCsv(what: string): CsvError {
  return new CsvError(
    `not a CSV file: it looks like ${what}. Export the catalogue as CSV (UTF-8) and import that`,
  );
}

/** UTF-16 without a byte-order mark: text whose every other byte is zero. */
function utf16WithoutBom(head: Buffer): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.floor(Math.min(head.length, 4096) / 2);
  if (pairs < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs; i++) {
    if (head[2 * i] === 0) evenZero++;
    if (head[2 * i + 1] === 0) oddZero++;
  }
  if (oddZero > pairs * 0.9 && evenZero === 0) return 'utf-16le';
  if (evenZero > pairs * 0.9 && oddZero === 0) return 'utf-16be';
  return null;
}

/** Where a chunk may be cut without splitting a UTF-8 sequence: the bytes after it are carried over. */
function completeLength(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? chunk.length - back : chunk.length;
  }
  return chunk.length;
}

/** Bytes on either side of each non-ASCII byte that go into the sample chardet judges. */
const CONTEXT_BYTES = 48;

/** Adds windows of the chunk around its non-ASCII bytes to `samples`, up to `room` bytes; returns how many. */
function sampleHighBytes(chunk: Buffer, samples: Buffer[], room: number): number {
  let taken = 0;
  for (let i = 0; i < chunk.length && taken < room; i++) {
    if (chunk[i]! < 0x80) continue;
    const window = chunk.subarray(Math.max(0, i - CONTEXT_BYTES), i + CONTEXT_BYTES);
    samples.push(window);
    taken += window.length;
    i += CONTEXT_BYTES;
  }
  return taken;
}

/**
 * Reads the whole file once: is it UTF-8 throughout, does it hold a NUL byte (binary), and what do
 * its non-ASCII bytes look like in context — the only part that tells encodings apart, wherever in
 * the file it is.
 */
async function scan(file: string): Promise<{ utf8: boolean; nul: boolean; sample: Buffer }> {
  let carry = Buffer.alloc(0);
  let utf8 = true;
  const samples: Buffer[] = [];
  let sampled = 0;
  for await (const piece of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    const chunk = piece as Buffer;
    if (chunk.includes(0)) return { utf8: false, nul: true, sample: Buffer.alloc(0) };
    if (utf8) {
      const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const cut = completeLength(joined);
      utf8 = isUtf8(joined.subarray(0, cut));
      carry = Buffer.from(joined.subarray(cut));
    }
    // Sampled only once the file proved not UTF-8: a valid prefix's bytes say nothing of the legacy encoding.
    if (!utf8) sampled += sampleHighBytes(chunk, samples, SAMPLE_BYTES - sampled);
    if (sampled >= SAMPLE_BYTES) break;
  }
  if (carry.length && !isUtf8(carry)) utf8 = false;
  return { utf8, nul: false, sample: Buffer.concat(samples) };
}

/** True when every non-ASCII character Windows-1252 reads from the sample is a letter or such punctuation. */
function readsAsWestern(sample: Buffer): boolean {
  const text = iconv.decode(sample, 'windows-1252');
  for (const char of text) if (char > '\u007f' && !WESTERN_TEXT.test(char)) return false;
  return true;
}

async function readHead(file: string): Promise<Buffer> {
  // Only regular files get here: reading the head of a pipe would take it from the import.
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const piece of createReadStream(file, { start: 0, end: 4095 })) {
    chunks.push(piece as Buffer);
    length += (piece as Buffer).length;
  }
  return Buffer.concat(chunks, length);
}

/**
 * Tells how to read the file as text. UTF-8 (with or without BOM) and UTF-16 with a BOM are read as
 * they are; a file that is not valid UTF-8 is converted from the encoding chardet finds, with a notice
 * naming it, or refused when the guess is not sure; binary files are refused as not a CSV, by name,
 * without echoing their bytes.
 */
export async function detectEncoding(file: string): Promise<FileEncoding> {
  const stats = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new CsvError('no such file');
    throw error;
  });
  if (stats.isDirectory()) throw new CsvError('it is a folder, not a file');
  if (!stats.isFile()) return { ...UTF8, checkWhileReading: true };
  const head = await readHead(file);
  if (startsWith(head, [0xef, 0xbb, 0xbf])) {
    const { utf8, nul } = await scan(file);
    if (nul) throw notCsv('binary data');
    if (!utf8)
      throw new CsvError(
        'the file starts as UTF-8 but holds bytes that are not UTF-8; save it again as CSV UTF-8',
      );
    return UTF8;
  }
  if (startsWith(head, [0xff, 0xfe])) return { encoding: 'utf-16le', notice: null };
  if (startsWith(head, [0xfe, 0xff])) return { encoding: 'utf-16be', notice: null };
  for (const { bytes, what } of SIGNATURES) if (startsWith(head, bytes)) throw notCsv(what);
  const bomless = utf16WithoutBom(head);
  if (bomless)
    return {
      encoding: bomless,
      notice: `The file is ${bomless.toUpperCase()} without a byte-order mark; it was read as such.`,
    };
  const { utf8, nul, sample } = await scan(file);
  if (nul) throw notCsv('binary data (it holds NUL bytes)');
  if (utf8) return UTF8;
  const guesses = analyse(sample);
  const [best] = guesses;
  const name = best?.name ?? 'unknown';
  const sure = best !== undefined && best.confidence >= MIN_CONFIDENCE && iconv.encodingExists(name);
  const converted = (encoding: string, how: string): FileEncoding => ({
    encoding,
    notice: `The file is not UTF-8; it was read as ${how} and converted to UTF-8. Check the accented letters of the products in this report.`,
  });
  if (sure && OTHER_SCRIPTS.has(name)) return converted(name, `${name} (detected, ${best.confidence}% sure)`);
  // chardet's n-grams need more text than a few accented names give it, and then often take Western
  // text for Central European. Windows-1252 — what Excel and most shop systems write — is taken when
  // it reads the bytes as letters and the punctuation shops use.
  if (readsAsWestern(sample)) return converted('windows-1252', 'Windows-1252 (Latin-1)');
  if (sure && OTHER_LATIN.has(name)) return converted(name, `${name} (detected, ${best.confidence}% sure)`);
  throw new CsvError(
    `the file is not UTF-8 and its encoding cannot be told for sure (best guess ${name}${best ? `, ${best.confidence}% sure` : ''}); save it as "CSV UTF-8" and import that`,
  );
}

/** Where the first byte that cannot start or continue a UTF-8 character (or a NUL) is; only called on a failure. */
function firstBadByte(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const length =
      lead === 0
        ? 0
        : lead < 0x80
          ? 1
          : lead >= 0xc2 && lead < 0xe0
            ? 2
            : lead >= 0xe0 && lead < 0xf0
              ? 3
              : lead >= 0xf0 && lead < 0xf5
                ? 4
                : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += length;
  }
  return bytes.length;
}

/** Passes bytes through, failing at the first that is not UTF-8 or is NUL. */
function utf8Guard(): Transform {
  let carry = Buffer.alloc(0);
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const joined = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const cut = completeLength(joined);
      if (joined.includes(0) || !isUtf8(joined.subarray(0, cut)))
        return done(
          new CsvError(
            `the input is not UTF-8 text (byte ${(offset + firstBadByte(joined) + 1).toLocaleString('en-US')}); piped input is read as UTF-8 only: save it to a file and import that, which converts other encodings`,
          ),
        );
      offset += cut;
      carry = Buffer.from(joined.subarray(cut));
      done(null, chunk);
    },
  });
}

/** The file as a stream of UTF-8 text (UTF-8 files as bytes: csv-parse decodes them and drops a BOM). */
export function openDecoded(
  file: string,
  { encoding, checkWhileReading }: FileEncoding,
): { bytes: Readable; text: NodeJS.ReadableStream } {
  const bytes = createReadStream(file);
  if (checkWhileReading) return { bytes, text: bytes.pipe(utf8Guard()) };
  if (encoding === 'utf-8') return { bytes, text: bytes };
  return { bytes, text: bytes.pipe(iconv.decodeStream(encoding)) };
}
