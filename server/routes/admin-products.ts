import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { productETag, versionFromIfMatch } from '../../shared/api/etag.js';
import { updateVariant } from '../../shared/backend/products/update-from-current.js';
import { sanitizeDescription } from '../../shared/backend/sanitize/description.js';
import type { AdminProductPage } from '../../shared/domain/admin-product-listing.js';
import type { AdminCatalogueQuery } from '../../shared/domain/catalogue-listing.js';
import {
  type CatalogueQueryParams,
  catalogueSearchParams,
  parseCatalogueQuery,
} from '../../shared/domain/catalogue-query.js';
import { ADMIN_PAGE_SIZE } from '../../shared/domain/constants.js';
import { NotFoundError, StaleError, ValidationError } from '../../shared/domain/errors.js';
import { newProductSchema, type Product, productPatchSchema } from '../../shared/domain/product.js';
import { productImages } from '../../shared/domain/product-gallery.js';
import { variantPatchSchema } from '../../shared/domain/variant-schema.js';
import { catalogueJson } from '../catalogue-cache.js';
import type { AppDeps, CatalogueDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';
import { productIdParam } from './products.js';

const variantParam = productIdParam.extend({ variantId: z.string().min(1).max(128) });

/**
 * The listing's parameters with the admin list's filters, read by the shared parser (10 a page unless
 * asked); bad values are a 400 naming them.
 */
const adminListQuery = validator('query', (value) => {
  const params = value as Record<string, string | string[] | undefined>;
  const { query, issues } = parseCatalogueQuery({ perPage: String(ADMIN_PAGE_SIZE), ...params }, 'admin');
  if (issues.length > 0) throw new ValidationError(issues);
  return query;
}) as unknown as MiddlewareHandler<
  AppEnv,
  '/',
  { in: { query: CatalogueQueryParams & { stock?: string } }; out: { query: AdminCatalogueQuery } }
>;

const availabilityBody = z.strictObject({
  available: z.boolean({ error: 'available must be true or false' }),
});

/**
 * Deletes the images `before` showed that `after` (none: deleted) does not, unless another product
 * shows them (the CLI may reuse one). The image store ignores URLs it does not own.
 */
export async function releaseImages(
  { store, images }: Pick<AppDeps, 'store' | 'images'>,
  before: Product | null,
  after: Product | null,
) {
  if (!before) return;
  const kept = new Set(after ? productImages(after) : []);
  const dropped = productImages(before).filter((url) => !kept.has(url));
  if (dropped.length === 0) return;
  const shown = new Set((await store.products.listAll()).flatMap(productImages));
  for (const url of dropped) {
    if (shown.has(url)) continue;
    await images.delete(url).catch((error) => console.error(`[api] could not delete image ${url}:`, error));
  }
}

/**
 * Runs a product write conditionally on the request's If-Match (none: unconditional). The answer,
 * success or 412, carries the ETag of the product as it now is.
 */
async function conditionalWrite(
  c: Context<AppEnv>,
  write: (expectedVersion: number | undefined) => Promise<Product>,
): Promise<Product> {
  try {
    const product = await write(versionFromIfMatch(c.req.header('if-match')));
    c.header('etag', productETag(product.version));
    return product;
  } catch (error) {
    if (error instanceof StaleError) c.header('etag', productETag((error.current as Product).version));
    throw error;
  }
}

/** Product management; every route requires the isAdmin claim (checked with revocation). */
export const adminProductRoutes = ({ store, auth, images, catalogue }: CatalogueDeps) =>
  new Hono<AppEnv>()
    .use(requireAdmin(auth))
    .get('/', adminListQuery, async (c) => {
      const query = c.req.valid('query');
      const key = `admin?${new URLSearchParams(catalogueSearchParams(query))}&low=${query.lowStock}`;
      const response = await catalogueJson(c, catalogue, key, async (): Promise<AdminProductPage> => {
        const listed = await catalogue.list(query, 'admin');
        // The rows need whole products (sizes, stock, version); one page of them is a few reads.
        const products = await Promise.all(listed.products.map((p) => store.products.get(p.id)));
        const { page, perPage, total, totalPages } = listed;
        return {
          products: products.filter((p): p is Product => p !== null),
          page,
          perPage,
          total,
          totalPages,
          categories: listed.facets.category,
        };
      });
      response.headers.set('cache-control', 'private, no-cache');
      return response;
    })
    .post('/', validate('json', newProductSchema), async (c) => {
      const input = c.req.valid('json');
      const product = await store.products.add({
        ...input,
        description: sanitizeDescription(input.description),
      });
      c.header('location', `/api/admin/products/${product.id}`);
      return c.json({ product }, 201);
    })
    .get('/:id', validate('param', productIdParam), async (c) => {
      const product = await store.products.get(c.req.valid('param').id);
      if (!product) throw new NotFoundError('Product');
      const etag = productETag(product.version);
      c.header('etag', etag);
      c.header('cache-control', 'private, no-cache');
      if (c.req.header('if-none-match') === etag) return c.body(null, 304);
      return c.json({ product }, 200);
    })
    // Writes only the fields sent; with If-Match, only onto the version the editor started from.
    .patch('/:id', validate('param', productIdParam), validate('json', productPatchSchema), async (c) => {
      const patch = c.req.valid('json');
      if (patch.description !== undefined) patch.description = sanitizeDescription(patch.description);
      const id = c.req.valid('param').id;
      const before = await store.products.get(id);
      const product = await conditionalWrite(c, (expectedVersion) =>
        store.products.update(id, patch, { expectedVersion }),
      );
      await releaseImages({ store, images }, before, product);
      return c.json({ product }, 200);
    })
    // One size's price, stock, SKU or availability; the other sizes stay as they are now.
    .patch(
      '/:id/variants/:variantId',
      validate('param', variantParam),
      validate('json', variantPatchSchema),
      async (c) => {
        const { id, variantId } = c.req.valid('param');
        const product = await conditionalWrite(c, (expectedVersion) =>
          updateVariant(store.products, id, variantId, c.req.valid('json'), expectedVersion),
        );
        return c.json({ product }, 200);
      },
    )
    .put(
      '/:id/availability',
      validate('param', productIdParam),
      validate('json', availabilityBody),
      async (c) => {
        const product = await conditionalWrite(c, (expectedVersion) =>
          store.products.setAvailability(c.req.valid('param').id, c.req.valid('json').available, {
            expectedVersion,
          }),
        );
        return c.json({ product }, 200);
      },
    )
    .delete('/:id', validate('param', productIdParam), async (c) => {
      const id = c.req.valid('param').id;
      const product = await store.products.get(id);
      if (!product || !(await store.products.delete(id))) throw new NotFoundError('Product');
      await releaseImages({ store, images }, product, null);
      return c.body(null, 204);
    });
