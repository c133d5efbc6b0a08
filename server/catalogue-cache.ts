import type { Context, TypedResponse } from 'hono';
import type { Store } from '../shared/backend/store/port.js';
import { requestHeader } from './request-header.js';

/**
 * A public catalogue answer built once per change of the store (the change token also notices
 * writes from the CLI) and served pre-serialised with an ETag, so repeat requests cost almost
 * nothing and a client holding the current one gets a 304.
 */
export function cachedCatalogueJson<T>(store: Store, tag: string, build: () => Promise<T>) {
  let cached: { token: string; body: Uint8Array<ArrayBuffer>; etag: string } | null = null;
  return async (c: Context) => {
    const token = await store.products.changeToken();
    if (cached?.token !== token) {
      const body = new TextEncoder().encode(JSON.stringify(await build()));
      cached = { token, body, etag: `W/"${tag}-${token}-${body.length}"` };
    }
    c.header('etag', cached.etag);
    if (requestHeader(c, 'if-none-match') === cached.etag) return c.body(null, 304);
    c.header('cache-control', 'no-cache');
    c.header('content-type', 'application/json; charset=utf-8');
    // Pre-serialised JSON of a T, typed so for the client.
    return c.body(cached.body, 200) as unknown as Response & TypedResponse<T, 200, 'json'>;
  };
}
