import { Hono } from 'hono';
import { type ProductBulkResult, productBulkSchema } from '../../shared/api/product-bulk.js';
import { NotFoundError, ShopError } from '../../shared/domain/errors.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';
import { requireAdmin } from '../middleware/auth.js';
import { validate } from '../validate.js';
import { releaseImages } from './admin-products.js';

/**
 * Bulk product actions from the admin list: one request, each product written on its own (so each
 * has its audit entry), in order; what could not be done is reported per id, and a failure that is
 * not the shop's own (a broken store) fails the request as any other would.
 */
export const adminProductBulkRoutes = ({ store, auth, images }: AppDeps) =>
  new Hono<AppEnv>().use(requireAdmin(auth)).post('/', validate('json', productBulkSchema), async (c) => {
    const request = c.req.valid('json');
    const apply = async (id: string): Promise<void> => {
      if (request.action === 'set-available') await store.products.setAvailability(id, request.available);
      else if (request.action === 'set-category')
        await store.products.update(id, { category: request.category });
      else {
        const product = await store.products.get(id);
        if (!product || !(await store.products.delete(id))) throw new NotFoundError('Product');
        await releaseImages({ store, images }, product, null);
      }
    };
    const results: ProductBulkResult[] = [];
    for (const id of request.ids) {
      try {
        await apply(id);
        results.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof ShopError) || error.code === 'store-busy' || error.code === 'storage-full')
          throw error;
        results.push({ id, ok: false, error: { code: error.code, message: error.message } });
      }
    }
    const failed = results.filter((r) => !r.ok).length;
    return c.json({ results, succeeded: results.length - failed, failed }, 200);
  });
