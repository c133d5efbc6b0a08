import { pipeline, Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  type BrotliOptions,
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type ZlibOptions,
} from 'node:zlib';

export type Coding = 'br' | 'gzip';

// Quality 5 compresses catalogue JSON to within ~10% of quality 11 at a small fraction of the time,
// which matters for bodies built per request; gzip's default level is the same trade.
const brotliOptions = (sizeHint?: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
  },
});
const GZIP_OPTIONS: ZlibOptions = { level: 6 };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses a whole body on libuv's thread pool, so the event loop keeps serving meanwhile. */
export async function compressBytes(body: Uint8Array, coding: Coding): Promise<Uint8Array<ArrayBuffer>> {
  const compressed =
    coding === 'br'
      ? await brotliAsync(body, brotliOptions(body.length))
      : await gzipAsync(body, GZIP_OPTIONS);
  // zlib's output never sits in a SharedArrayBuffer.
  return compressed as Uint8Array<ArrayBuffer>;
}

/** Compresses a body still arriving (a streamed export), chunk by chunk, with flat memory. */
export function compressStream(
  chunks: AsyncIterable<Uint8Array>,
  coding: Coding,
): ReadableStream<Uint8Array> {
  const zip = coding === 'br' ? createBrotliCompress(brotliOptions()) : createGzip(GZIP_OPTIONS);
  // An aborted download destroys the compressor, and pipeline then stops reading the source.
  pipeline(Readable.from(chunks), zip, () => {});
  return Readable.toWeb(zip) as ReadableStream<Uint8Array>;
}
