import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ByteBudgetCache } from '../../shared/domain/byte-budget-cache.js';
import { negotiateEncoding } from '../accept-encoding.js';
import { type Coding, compressBytes, compressStream } from '../compress-body.js';

/** Below this a compressed body saves less than the header and the work cost. */
const MIN_COMPRESSED_BYTES = 1024;

/** Text worth compressing; images, fonts, archives and PDFs are compressed already, event streams must flush. */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

const CACHE_BUDGET_BYTES = 32 * 1024 * 1024;

type CompressedBodies = ByteBudgetCache<Uint8Array<ArrayBuffer>>;

function addVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set('vary', `${vary}, Accept-Encoding`);
}

type Body = ConstructorParameters<typeof Response>[0];

function replaceResponse(c: Context, body: Body, res: Response, headers: Headers): void {
  // Hono copies the old response's headers onto a new one (content-length included); start afresh.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/** Reads until `limit` bytes or the end, so a small body is known small without reading a large one whole. */
async function readPrefix(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  while (bytes < limit) {
    const { done, value } = await reader.read();
    if (done) return { chunks, bytes, done: true };
    chunks.push(value);
    bytes += value.length;
  }
  return { chunks, bytes, done: false };
}

async function* rest(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    yield* chunks;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

const concat = (chunks: Uint8Array[], bytes: number) => Buffer.concat(chunks, bytes);

/**
 * Answers text bodies (JSON, HTML, scripts, CSV) in br or gzip as the client's Accept-Encoding asks,
 * with `Vary: Accept-Encoding`; tiny bodies, 304s, ranges and bodies already encoded (the
 * precompressed assets) go as they are. A body with an ETag keeps it: a weak ETag names the same
 * content in every coding, and its compressed copy is cached for the next request.
 */
export function compression() {
  // Compressed copies of bodies with an ETag, so a repeat request is not compressed again.
  const cache: CompressedBodies = new ByteBudgetCache(CACHE_BUDGET_BYTES, (body) => body.length);
  return createMiddleware(async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (res.status === 304 && res.headers.has('etag')) return addVary(res.headers);
    if (!res.body || c.req.method === 'HEAD' || !COMPRESSIBLE.test(type)) return;
    if (res.status === 206 || res.status === 204) return;
    addVary(res.headers);
    if (res.headers.has('content-encoding') || /no-transform/i.test(res.headers.get('cache-control') ?? ''))
      return;
    const coding = negotiateEncoding(c.req.header('accept-encoding'));
    if (coding === 'identity') return;
    const declared = Number(res.headers.get('content-length') ?? Number.NaN);
    if (declared < MIN_COMPRESSED_BYTES) return;

    const headers = new Headers(res.headers);
    headers.delete('content-length');
    const reader = res.body.getReader();
    const prefix = await readPrefix(reader, MIN_COMPRESSED_BYTES);
    if (prefix.done && prefix.bytes < MIN_COMPRESSED_BYTES) {
      return replaceResponse(c, concat(prefix.chunks, prefix.bytes), res, headers);
    }
    headers.set('content-encoding', coding);
    const etag = res.headers.get('etag');
    if (etag && !c.req.header('authorization')) {
      return replaceResponse(
        c,
        await cachedCompression(cache, c.req.url, etag, coding, prefix, reader),
        res,
        headers,
      );
    }
    if (prefix.done)
      return replaceResponse(
        c,
        await compressBytes(concat(prefix.chunks, prefix.bytes), coding),
        res,
        headers,
      );
    replaceResponse(c, compressStream(rest(prefix.chunks, reader), coding), res, headers);
  });
}

async function cachedCompression(
  cache: CompressedBodies,
  url: string,
  etag: string,
  coding: Coding,
  prefix: { chunks: Uint8Array[]; bytes: number; done: boolean },
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${coding} ${etag} ${url}`;
  const hit = cache.get(key);
  if (hit) {
    if (!prefix.done) await reader.cancel();
    return hit;
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of rest(prefix.chunks, reader)) chunks.push(chunk);
  const compressed = await compressBytes(Buffer.concat(chunks), coding);
  cache.set(key, compressed);
  return compressed;
}
