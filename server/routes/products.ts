import { Hono, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import type { CatalogueQuery } from '../../shared/domain/catalogue-listing.js';
import {
  CATALOGUE_QUERY_MAX_LENGTH,
  type CatalogueQueryParams,
  catalogueSearchParams,
  parseCatalogueQuery,
} from '../../shared/domain/catalogue-query.js';
import { NotFoundError, ValidationError } from '../../shared/domain/errors.js';
import { catalogueJson } from '../catalogue-cache.js';
import type { CatalogueDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { identify } from '../middleware/auth.js';
import { validate } from '../validate.js';

export const productIdParam = z.object({ id: z.string().min(1).max(128) });

/** What the search box offers as you type, at most. */
const SUGGESTIONS_MAX = 8;

const suggestQuery = z.object({ q: z.string().max(CATALOGUE_QUERY_MAX_LENGTH).default('') });

/** The listing's parameters, read by the storefront's own (zod-free) parser; bad values are a 400 naming them. */
const catalogueQuery = validator('query', (value) => {
  const { query, issues } = parseCatalogueQuery(value as Record<string, string | string[]>);
  if (issues.length > 0) throw new ValidationError(issues);
  return query;
}) as unknown as MiddlewareHandler<
  AppEnv,
  '/',
  { in: { query: CatalogueQueryParams }; out: { query: CatalogueQuery } }
>;

/**
 * Shoppers' catalogue, served by the catalogue index one page at a time with an ETag per query:
 * `GET /?q=&category=&brand=&min=&max=&inStock=&sort=&page=&perPage=` and `GET /suggest?q=`.
 */
export const productRoutes = ({ store, auth, catalogue }: CatalogueDeps) =>
  new Hono<AppEnv>()
    .get('/', catalogueQuery, (c) => {
      const query = c.req.valid('query');
      const key = `list?${new URLSearchParams(catalogueSearchParams(query))}`;
      return catalogueJson(c, catalogue, key, () => catalogue.list(query, 'public'));
    })
    .get('/suggest', validate('query', suggestQuery), (c) => {
      const { q } = c.req.valid('query');
      return catalogueJson(c, catalogue, `suggest?${q}`, async () => ({
        suggestions: await catalogue.suggest(q, SUGGESTIONS_MAX),
      }));
    })
    .get('/:id', identify(auth), validate('param', productIdParam), async (c) => {
      const product = await store.products.get(c.req.valid('param').id);
      if (!product || (!product.available && !c.get('user')?.isAdmin)) throw new NotFoundError('Product');
      return c.json({ product }, 200);
    });
