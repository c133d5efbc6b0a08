/**
 * The storefront's client-side routes (web/src/routing/routes.tsx declares the same, checked by a
 * unit test), so the server can answer any other path 404 before the browser's router runs.
 */
export const STOREFRONT_ROUTES = [
  '/',
  '/home',
  '/store',
  '/products/:productId',
  '/verify',
  '/contact',
  '/settings',
  '/checkout/success',
  '/orders',
  '/order-details/:orderId',
  '/login',
  '/signup',
  '/confirm-email',
  '/reset-password',
  '/email-link-login',
  '/auth/action',
  '/identify',
  '/checkout',
  '/terms-of-service',
  '/order-success',
] as const;

/** The public pages that are not about one product or category: what a sitemap lists first. */
export const PUBLIC_INFO_PATHS = ['/', '/store', '/verify', '/contact', '/terms-of-service'] as const;

/** Pages search engines should not crawl (robots.txt). */
export const CRAWLER_EXCLUDED_PATHS = ['/admin', '/checkout', '/api', '/orders', '/order-details'] as const;

export type StorefrontPath = { kind: 'product'; productId: string } | { kind: 'page' } | { kind: 'unknown' };

const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;
const FIXED_PATHS = new Set<string>(STOREFRONT_ROUTES.filter((route) => !route.includes(':')));
const ORDER_DETAILS_PATH = /^\/order-details\/[^/]+\/?$/;

/** Which kind of storefront page a path shows (a trailing slash is the same page). */
export function storefrontPath(path: string): StorefrontPath {
  const product = PRODUCT_PATH.exec(path);
  if (product) {
    try {
      return { kind: 'product', productId: decodeURIComponent(product[1]!) };
    } catch {
      return { kind: 'unknown' };
    }
  }
  const bare = path.length > 1 ? path.replace(/\/$/, '') : path;
  return FIXED_PATHS.has(bare) || ORDER_DETAILS_PATH.test(path) ? { kind: 'page' } : { kind: 'unknown' };
}
