import type { Store } from '../shared/backend/store/port.js';
import { storefrontPath } from '../shared/domain/storefront-paths.js';
import type { PageStatus } from './static-apps.js';

/** Storefront paths that are no route, and products that do not exist or are not for sale, are 404. */
export function storefrontPageStatus(store: Store): PageStatus {
  return async (path) => {
    const page = storefrontPath(path);
    if (page.kind === 'unknown') return 404;
    if (page.kind === 'product') {
      const product = await store.products.get(page.productId);
      return product?.available ? 200 : 404;
    }
    return 200;
  };
}
