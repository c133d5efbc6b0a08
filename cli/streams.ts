import type { Writable } from 'node:stream';

/**
 * Products read from the store at a time by the commands that stream them (list, export): memory
 * holds one page, whatever the catalogue's size. Larger pages measurably raise the peak.
 */
export const STORE_PAGE_SIZE = 500;

/** Output is handed to the stream in pieces of about this size. */
const CHUNK_CHARS = 64 * 1024;

const settled = (stream: Writable) => stream.destroyed || stream.writableEnded;

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    stream.on('drain', done).on('close', done).on('error', done);
  });
}

/** `pieces` joined into chunks of about 64 KB: one write each instead of one per line. */
function* chunked(pieces: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length < CHUNK_CHARS) continue;
    yield chunk;
    chunk = '';
  }
  if (chunk) yield chunk;
}

/** chunked() of pieces that come asynchronously (an export read from the store page by page). */
export async function* chunkedAsync(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let chunk = '';
  for await (const piece of pieces) {
    chunk += piece;
    if (chunk.length < CHUNK_CHARS) continue;
    yield chunk;
    chunk = '';
  }
  if (chunk) yield chunk;
}

/**
 * Writes `pieces` in order, waiting whenever the reader is behind, so that output of any size never
 * piles up in memory; stops early once the reader has gone (a closed pipe).
 */
export async function writeAll(
  stream: Writable,
  pieces: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  const chunks = Symbol.asyncIterator in pieces ? chunkedAsync(pieces) : chunked(pieces);
  for await (const chunk of chunks) {
    if (settled(stream)) return;
    if (!stream.write(chunk)) await drained(stream);
  }
}

/**
 * Resolves once everything written so far has reached the reader (or the stream has failed). A pipe
 * takes what fits in its buffer and Node queues the rest, so exiting before this would cut it.
 */
export function flushed(stream: Writable): Promise<void> {
  if (settled(stream)) return Promise.resolve();
  return new Promise((resolve) => stream.write('', () => resolve()));
}

/**
 * Watches `stream` for a write failure and returns what failed, if anything. A reader that stops
 * reading (`shop … | head -1`, EPIPE) is not a failure: the rest of the output is simply not wanted.
 */
export function writeFailure(stream: Writable): () => Error | null {
  let failure: Error | null = null;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') failure ??= error;
  });
  return () => failure;
}
