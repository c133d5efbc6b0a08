import type { Context } from 'hono';
import type { CatalogueIndex } from '../shared/backend/catalogue/catalogue-index.js';
import type { ShopConfig } from '../shared/backend/config.js';
import type { Store } from '../shared/backend/store/port.js';
import { parseCatalogueQuery } from '../shared/domain/catalogue-query.js';
import { metadataHead, type PublicPage, pageMetadata } from '../shared/domain/page-metadata.js';
import { storefrontPath } from '../shared/domain/storefront-paths.js';
import { clientAddress } from './middleware/client-address.js';
import { publicOrigin } from './public-origin.js';
import type { PageContent } from './server-render.js';
import type { PageAnswer } from './static-apps.js';

const INFO_PAGES: Record<string, PublicPage> = {
  '/': { kind: 'home' },
  '/home': { kind: 'home' },
  '/verify': { kind: 'verify' },
  '/contact': { kind: 'contact' },
  '/terms-of-service': { kind: 'terms' },
};

/**
 * How the server answers a storefront page: 404 for paths that are no route and for products that do
 * not exist or are not for sale; the public pages with their metadata (title, description,
 * canonical, link previews, JSON-LD) in the head and their content rendered by React; the shopper's own
 * pages as the app alone shows them.
 */
export function storefrontPages(
  config: ShopConfig,
  store: Store,
  catalogue: CatalogueIndex,
  content: PageContent,
) {
  return async (c: Context): Promise<PageAnswer> => {
    const answer = async (status: 200 | 404, page: PublicPage): Promise<PageAnswer> => ({
      status,
      head: metadataHead(pageMetadata(publicOrigin(config, c), page)),
      content: await content(c.req.url, clientAddress(c, config.clientIpHeader)),
    });
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/$/, '') : c.req.path;
    const route = storefrontPath(path);
    if (route.kind === 'unknown') return answer(404, { kind: 'not-found', title: 'Page not found' });
    if (route.kind === 'product') {
      const product = await store.products.get(route.productId);
      if (!product?.available) return answer(404, { kind: 'not-found', title: 'Product not found' });
      return answer(200, { kind: 'product', product });
    }
    const info = INFO_PAGES[path];
    if (info) return answer(200, info);
    if (path === '/store') {
      const { query } = parseCatalogueQuery(new URL(c.req.url).searchParams);
      return answer(200, { kind: 'store', query, listing: await catalogue.list(query, 'public') });
    }
    return { status: 200, head: null };
  };
}
