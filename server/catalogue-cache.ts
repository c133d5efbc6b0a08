import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { CatalogueIndex } from '../shared/backend/catalogue/catalogue-index.js';
import { requestHeader } from './request-header.js';

/**
 * A catalogue answer with an ETag made of the index's state and what was asked (`key`), so a client
 * holding the current answer gets a 304 and an order taking stock of one product changes the tag.
 */
export async function catalogueJson<T>(
  c: Context,
  catalogue: CatalogueIndex,
  key: string,
  answer: () => Promise<T>,
) {
  const asked = createHash('sha1').update(key).digest('base64url').slice(0, 16);
  const etag = `W/"${await catalogue.tag()}-${asked}"`;
  c.header('etag', etag);
  c.header('cache-control', 'no-cache');
  if (requestHeader(c, 'if-none-match') === etag) return c.body(null, 304);
  return c.json(await answer(), 200);
}
