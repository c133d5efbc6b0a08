import { matchPath } from 'react-router-dom';
import type { ApiClient } from '../../../shared/api/client.js';
import { normalizeLotNumber } from '../../../shared/domain/lot.js';
import { STOREFRONT_ROUTES } from '../../../shared/domain/storefront-paths.js';
import { FEATURED_QUERY } from '../home/featured.js';
import { ContactPage, ProductPage, TermsPage, VerifyPage } from '../routing/routes.js';
import { readStoreQuery } from '../store/store-query.js';
import type { Resource } from './resources.js';
import { resources } from './resources.js';

interface PublicPage {
  path: string;
  /** The page's code, for pages that load on first visit. */
  preload?: () => Promise<void>;
  /** What the page reads from the API for this address. */
  data?: (api: ApiClient, params: Record<string, string | undefined>, search: URLSearchParams) => Resource[];
}

const homeData = (api: ApiClient) => [resources.cataloguePage(api, FEATURED_QUERY)];

/**
 * The pages the server renders with their data: what crawlers, link previews and a first visit see.
 * The shopper's own pages (cart, checkout, sign-in, orders) are drawn in the browser only.
 */
const PUBLIC_PAGES: PublicPage[] = [
  { path: '/', data: homeData },
  { path: '/home', data: homeData },
  { path: '/store', data: (api, _, search) => [resources.cataloguePage(api, readStoreQuery(search))] },
  {
    path: '/products/:productId',
    preload: ProductPage.preload,
    data: (api, { productId = '' }) => [
      resources.product(api, productId),
      resources.productLots(api, productId),
    ],
  },
  {
    path: '/verify',
    preload: VerifyPage.preload,
    data: (api, _, search) => {
      const lotNumber = normalizeLotNumber(search.get('lot') ?? '');
      return lotNumber ? [resources.lot(api, lotNumber)] : [];
    },
  },
  { path: '/contact', preload: ContactPage.preload },
  { path: '/terms-of-service', preload: TermsPage.preload },
];

const knownRoute = (pathname: string) => STOREFRONT_ROUTES.some((route) => matchPath(route, pathname));

/**
 * The server-rendered page at this address with the resources it shows, or null for a page drawn in
 * the browser only. An address that is no route is rendered too: it is the "Page not found" page.
 */
export function publicPage(api: ApiClient, pathname: string, search: URLSearchParams) {
  for (const page of PUBLIC_PAGES) {
    const match = matchPath(page.path, pathname);
    if (match) {
      return {
        preload: page.preload ?? (() => Promise.resolve()),
        resources: page.data?.(api, match.params, search) ?? [],
      };
    }
  }
  return knownRoute(pathname) ? null : { preload: () => Promise.resolve(), resources: [] };
}
