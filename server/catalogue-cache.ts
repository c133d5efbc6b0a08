import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { CatalogueIndex } from '../shared/backend/catalogue/catalogue-index.js';
import { requestHeader } from './request-header.js';

interface Serialised {
  tag: string;
  etag: string;
  body: Uint8Array<ArrayBuffer>;
}

/** Answers kept serialised per index (the first page everyone opens, the categories menu). */
const KEPT = 500;
const serialised = new WeakMap<CatalogueIndex, Map<string, Serialised>>();

/**
 * A catalogue answer with an ETag made of the index's state and what was asked (`key`), so a client
 * holding the current answer gets a 304 and an order taking stock of one product changes the tag.
 * Answers are kept serialised until the index changes, so a repeat request costs almost nothing.
 */
export async function catalogueJson<T>(
  c: Context,
  catalogue: CatalogueIndex,
  key: string,
  answer: () => Promise<T>,
) {
  const tag = await catalogue.tag();
  const kept = serialised.get(catalogue) ?? new Map<string, Serialised>();
  serialised.set(catalogue, kept);
  let entry = kept.get(key);
  if (entry?.tag !== tag) {
    const body = new TextEncoder().encode(JSON.stringify(await answer()));
    const asked = createHash('sha1').update(key).digest('base64url').slice(0, 16);
    entry = { tag, etag: `W/"${tag}-${asked}"`, body };
    if (kept.size >= KEPT) kept.clear();
    kept.set(key, entry);
  }
  c.header('etag', entry.etag);
  c.header('cache-control', 'no-cache');
  if (requestHeader(c, 'if-none-match') === entry.etag) return c.body(null, 304);
  c.header('content-type', 'application/json; charset=utf-8');
  // Pre-serialised JSON of a T, typed so for the client.
  return c.body(entry.body, 200) as unknown as Response & TypedResponse<T, 200, 'json'>;
}
