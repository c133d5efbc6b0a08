import type { Hono } from 'hono';
import { DEFAULT_SHIPPING_CONFIG } from '../../shared/domain/shipping-rates.js';
import { TEST_ADDRESS } from './constants.js';

/**
 * Who may call a route: anyone; any signed-in user; full admins only; or full admins and fulfilment
 * staff (a route that opens itself to them with requireStaff).
 */
type RouteAccess = 'public' | 'signed-in' | 'admin' | 'staff';

/** Records a test makes for routes to act on; their ids fill path params and sample bodies. */
export interface RouteFixtures {
  productId: string;
  variantId: string;
  orderId: string;
  orderNumber: string;
  code: string;
  lotNumber: string;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the app registers it, params included (`/api/orders/:id`). */
  path: string;
  access: RouteAccess;
  /** The query parameters the route reads, if any. */
  query?: readonly string[];
  /** A valid body (JSON, or a multipart form's fields), for tests that alter it field by field; none: no body is read. */
  sample?: (f: RouteFixtures) => Record<string, unknown>;
}

const CATALOGUE_QUERY = ['q', 'category', 'brand', 'min', 'max', 'inStock', 'sort', 'page', 'perPage'];
const line = (f: RouteFixtures) => ({ productId: f.productId, variantId: f.variantId, quantity: 1 });

/**
 * Every route under /api, one entry per method and path. The authorisation matrix and the route fuzzer
 * read it, and both check it (with SITE_ROUTES) against the routes the app registers
 * (`unlistedRoutes`), so a new route is in both or fails both.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/config', access: 'public' },
  {
    method: 'GET',
    path: '/api/products',
    access: 'public',
    query: CATALOGUE_QUERY,
  },
  { method: 'GET', path: '/api/products/suggest', access: 'public', query: ['q'] },
  { method: 'GET', path: '/api/products/:id', access: 'public' },
  { method: 'GET', path: '/api/products/:id/lots', access: 'public' },
  { method: 'GET', path: '/api/categories', access: 'public' },
  { method: 'GET', path: '/api/brands', access: 'public' },
  {
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    sample: () => ({ name: 'Ada', email: 'ada@test.example', message: 'A question about lots.' }),
  },
  {
    method: 'POST',
    path: '/api/account/password-reset',
    access: 'public',
    sample: () => ({ email: 'ada@test.example', next: '/orders' }),
  },
  {
    method: 'POST',
    path: '/api/account/verification-email',
    access: 'signed-in',
    sample: () => ({ next: '/checkout' }),
  },
  { method: 'GET', path: '/api/checkout/countries', access: 'public' },
  {
    method: 'POST',
    path: '/api/checkout/quote',
    access: 'public',
    sample: (f) => ({
      lines: [line(f)],
      discountCode: f.code,
      shippingAddress: { country: 'US', state: 'MA' },
      shippingOptionId: 'standard',
    }),
  },
  {
    method: 'POST',
    path: '/api/checkout',
    access: 'signed-in',
    sample: (f) => ({
      lines: [line(f)],
      shippingAddress: TEST_ADDRESS,
      paymentMethod: 'manual',
      discountCode: f.code,
      attestations: { adult: true, researchUse: true },
      idempotencyKey: 'fuzz-checkout-key-0001',
    }),
  },
  { method: 'GET', path: '/api/orders', access: 'signed-in' },
  { method: 'GET', path: '/api/orders/:id', access: 'signed-in' },
  { method: 'POST', path: '/api/orders/:id/pay', access: 'signed-in' },
  { method: 'POST', path: '/api/orders/:id/cancel', access: 'signed-in' },
  { method: 'POST', path: '/api/payments/stripe/webhook', access: 'public' },
  { method: 'GET', path: '/api/lots/:lotNumber', access: 'public' },

  {
    method: 'GET',
    path: '/api/admin/products',
    access: 'admin',
    query: [...CATALOGUE_QUERY, 'available', 'outOfStock', 'stock'],
  },
  { method: 'GET', path: '/api/admin/products/:id', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/products',
    access: 'admin',
    sample: () => ({
      name: 'Fuzzed peptide',
      price: 12,
      stock: 3,
      category: 'Peptides',
      tags: ['a'],
      variants: [{ options: { Size: '5 mg' }, price: 12, stock: 1, priceTiers: [] }],
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/products/:id',
    access: 'admin',
    sample: () => ({ price: 13, description: '<p>x</p>', tags: ['b'] }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/products/:id/variants/:variantId',
    access: 'admin',
    sample: () => ({ stock: 4, price: 9, priceTiers: [{ minQuantity: 2, percentOff: 5 }] }),
  },
  {
    method: 'PUT',
    path: '/api/admin/products/:id/availability',
    access: 'admin',
    sample: () => ({ available: false }),
  },
  { method: 'DELETE', path: '/api/admin/products/:id', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/products/bulk',
    access: 'admin',
    sample: (f) => ({ action: 'set-category', category: 'Bulk', ids: [f.productId] }),
  },
  {
    method: 'GET',
    path: '/api/admin/orders',
    access: 'staff',
    query: ['status', 'from', 'to', 'q', 'sort', 'page', 'perPage'],
  },
  { method: 'GET', path: '/api/admin/orders/:id', access: 'staff' },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/mark-paid',
    access: 'admin',
    sample: () => ({ reference: 'BANK-REF-1' }),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/ship',
    access: 'staff',
    sample: () => ({ carrier: 'UPS', number: '1Z999AA10123456784' }),
  },
  {
    method: 'POST',
    path: '/api/admin/orders/:id/cancel',
    access: 'admin',
    sample: () => ({ note: 'Customer asked' }),
  },
  { method: 'GET', path: '/api/admin/orders/unseen', access: 'staff' },
  { method: 'POST', path: '/api/admin/orders/seen', access: 'staff' },
  {
    method: 'GET',
    path: '/api/admin/orders/export',
    access: 'staff',
    query: ['from', 'to', 'format'],
  },
  {
    method: 'POST',
    path: '/api/admin/orders/ship-many',
    access: 'staff',
    sample: (f) => ({ csv: `order,tracking\n${f.orderNumber},1Z999AA10123456784\n`, skipInvalid: false }),
  },
  {
    method: 'POST',
    path: '/api/admin/images',
    access: 'admin',
    sample: () => ({ image: 'file' }),
  },
  {
    method: 'POST',
    path: '/api/admin/lots',
    access: 'admin',
    sample: (f) => ({
      lotNumber: 'HX-FUZZ-1',
      productId: f.productId,
      variantId: f.variantId,
      testedAt: '2026-11-01',
      purity: '99.2',
      coa: 'file',
    }),
  },
  { method: 'GET', path: '/api/admin/lots', access: 'admin', query: ['productId'] },
  { method: 'DELETE', path: '/api/admin/lots/:lotNumber', access: 'admin' },
  { method: 'GET', path: '/api/admin/admins', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/admins',
    access: 'admin',
    query: ['self'],
    sample: () => ({ email: 'nobody-here@test.example', role: 'fulfilment' }),
  },
  { method: 'DELETE', path: '/api/admin/admins/:email', access: 'admin', query: ['self'] },
  { method: 'GET', path: '/api/admin/reports/summary', access: 'admin', query: ['from', 'to'] },
  {
    method: 'GET',
    path: '/api/admin/reports/affiliates',
    access: 'admin',
    query: ['from', 'to'],
  },
  { method: 'GET', path: '/api/admin/settings', access: 'admin' },
  {
    method: 'PATCH',
    path: '/api/admin/settings',
    access: 'admin',
    sample: () => ({ lowStockThreshold: 3 }),
  },
  { method: 'GET', path: '/api/admin/settings/rates', access: 'admin' },
  {
    method: 'PUT',
    path: '/api/admin/settings/shipping',
    access: 'admin',
    sample: () => structuredClone(DEFAULT_SHIPPING_CONFIG),
  },
  {
    method: 'PUT',
    path: '/api/admin/settings/tax',
    access: 'admin',
    sample: () => ({ rates: [{ country: 'US', region: 'MA', ratePercent: 6.25 }] }),
  },
  { method: 'GET', path: '/api/admin/settings/checkout-limits', access: 'admin' },
  {
    method: 'PATCH',
    path: '/api/admin/settings/checkout-limits',
    access: 'admin',
    sample: () => ({ holdHours: 48, maxPerAccount: 3 }),
  },
  { method: 'GET', path: '/api/admin/discounts', access: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/discounts',
    access: 'admin',
    sample: () => ({
      code: 'FUZZ10',
      type: 'percent',
      value: 10,
      minSubtotal: 5,
      usageLimit: 3,
      oncePerCustomer: true,
      productIds: [],
      categories: [],
    }),
  },
  {
    method: 'PUT',
    path: '/api/admin/discounts/:code/active',
    access: 'admin',
    sample: () => ({ active: false }),
  },
  {
    method: 'GET',
    path: '/api/admin/audit',
    access: 'admin',
    query: ['entity', 'id', 'actor', 'since', 'before', 'limit'],
  },
  // The log is append-only: these answer 403 to everyone.
  { method: 'PUT', path: '/api/admin/audit/:id', access: 'admin' },
  { method: 'PATCH', path: '/api/admin/audit/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/audit/:id', access: 'admin' },
];

/** A route outside /api (all GET), as the app registers it, and the paths to try it with (`:name` filled). */
export interface SiteRoute {
  path: string;
  tries: readonly string[];
}

/** Every route outside /api: crawlers' files, images, the admin app and the storefront's pages. */
export const SITE_ROUTES: readonly SiteRoute[] = [
  { path: '/robots.txt', tries: ['/robots.txt'] },
  { path: '/favicon.ico', tries: ['/favicon.ico'] },
  { path: '/sitemap.xml', tries: ['/sitemap.xml'] },
  { path: '/:file{sitemap-[0-9]+\\.xml}', tries: ['/sitemap-:n.xml'] },
  { path: '/images/*', tries: ['/images/:name', '/images/:dir/:name'] },
  { path: '/admin', tries: ['/admin'] },
  {
    path: '/admin/*',
    tries: ['/admin/', '/admin/:page', '/admin/assets/:file', '/admin/manage-products/:id'],
  },
  {
    path: '/*',
    tries: ['/', '/store', '/verify', '/product/:id', '/order-details/:id', '/:page', '/assets/:file'],
  },
];

/** One route as `METHOD /path` with its params written `:param`, however they are named or filled. */
export const routeShape = (method: string, path: string) =>
  `${method} ${decodeURIComponent(path)
    .split('?')[0]!
    .replace(/:[^/]+/g, ':param')}`;

/**
 * What the app registers and the lists miss (`unlisted`), and what the lists name that the app does not
 * serve (`stale`): both empty when the lists are true.
 */
export function unlistedRoutes(app: Pick<Hono, 'routes'>) {
  const shapes = (routes: readonly { method: string; path: string }[]) =>
    new Set(
      routes.map((r) =>
        r.path.startsWith('/api/') ? routeShape(r.method, r.path) : `${r.method} ${r.path}`,
      ),
    );
  const served = shapes(app.routes.filter((r) => r.method !== 'ALL'));
  const listed = shapes([...API_ROUTES, ...SITE_ROUTES.map((r) => ({ method: 'GET', path: r.path }))]);
  return {
    unlisted: [...served].filter((shape) => !listed.has(shape)).sort(),
    stale: [...listed].filter((shape) => !served.has(shape)).sort(),
  };
}
