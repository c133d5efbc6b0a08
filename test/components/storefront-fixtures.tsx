import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, vi } from 'vitest';
import { CatalogueState } from '../../shared/backend/catalogue/catalogue-state.js';
import { parseCatalogueQuery } from '../../shared/domain/catalogue-query.js';
import { type Lot, normalizeLotNumber } from '../../shared/domain/lot.js';
import type { Order, OrderStatus } from '../../shared/domain/order.js';
import type { Product } from '../../shared/domain/product.js';
import { lowestPrice, totalStock, type Variant } from '../../shared/domain/variant.js';
import { CartProvider } from '../../web/src/cart/cart-context.js';

export function variant(
  id: string,
  options: Record<string, string>,
  price: number,
  extra: Partial<Variant> = {},
): Variant {
  return {
    id,
    sku: '',
    options,
    price,
    compareAtPrice: null,
    stock: null,
    available: true,
    imgUrl: '',
    ...extra,
  };
}

/**
 * A product as the API gives it. Sold one way unless `variants` are given: its only variant then has
 * the product's id (as the upgrade gives every older product) and `stock`. Price and stock are derived
 * from the variants, as the store does.
 */
export function product(id: string, name: string, price: number, extra: Partial<Product> = {}): Product {
  const now = { seconds: 1_700_000_000, nanoseconds: 0 };
  const variants = extra.variants ?? [variant(id, {}, price, { stock: extra.stock ?? null })];
  return {
    id,
    name,
    available: true,
    description: '',
    imgUrl: `/images/${id}.svg`,
    images: [],
    tags: [],
    category: 'Peptides',
    brand: 'Helix Labs',
    options: [],
    specs: {},
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...extra,
    variants,
    price: lowestPrice(variants),
    stock: totalStock(variants),
  };
}

export function lot(lotNumber: string, productId: string, variantId: string, extra: Partial<Lot> = {}): Lot {
  return {
    lotNumber,
    productId,
    variantId,
    testedAt: '2026-11-01',
    purity: 99.2,
    coaUrl: `/files/coa/${lotNumber}.pdf`,
    createdAt: { seconds: 1_700_000_000, nanoseconds: 0 },
    ...extra,
  };
}

/** Available products' categories with their counts, blank ones left out, by name: as the API answers. */
function categoriesOf(products: Product[]) {
  const counts = new Map<string, number>();
  for (const p of products) if (p.category) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
}

/** One page of the listing as the server answers it, computed by the server's own catalogue code. */
function listingAnswer(url: URL, forSale: Product[]): Response {
  const state = new CatalogueState();
  state.load(forSale);
  state.finishLoad();
  if (url.pathname === '/api/products/suggest')
    return Response.json({ suggestions: state.suggest(url.searchParams.get('q') ?? '', 8) });
  return Response.json(state.list(parseCatalogueQuery(url.searchParams).query, 'public'));
}

/**
 * Serves GET /api/products?… (one page), /api/products/suggest, /api/products/:id, /api/products/:id/lots, /api/categories and
 * /api/lots/:lotNumber from the given lists (available products only), as the shop's API would, so
 * the storefront's real API client and SWR hooks run unchanged in happy-dom. While `down()` is true
 * every request fails as a network error would.
 */
export function serveCatalogue(
  products: () => Product[],
  down: () => boolean = () => false,
  lots: () => Lot[] = () => [],
) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    requests.push(input);
    if (down()) throw new TypeError('Failed to fetch');
    const forSale = products().filter((p) => p.available);
    const url = new URL(input, 'http://shop.test');
    if (url.pathname === '/api/products' || url.pathname === '/api/products/suggest')
      return listingAnswer(url, forSale);
    if (input === '/api/categories') return Response.json({ categories: categoriesOf(forSale) });
    for (const p of forSale) {
      const path = `/api/products/${encodeURIComponent(p.id)}`;
      if (input === path) return Response.json({ product: p });
      if (input === `${path}/lots`)
        return Response.json({ lots: lots().filter((l) => l.productId === p.id) });
    }
    const asked = input.startsWith('/api/lots/') && normalizeLotNumber(decodeURIComponent(input.slice(10)));
    const found = lots().find((l) => l.lotNumber === asked);
    const owner = found && forSale.find((p) => p.id === found.productId);
    if (found && owner) {
      const v = owner.variants.find((x) => x.id === found.variantId);
      return Response.json({
        lot: found,
        product: { id: owner.id, name: owner.name, imgUrl: owner.imgUrl, specs: owner.specs },
        variant: v ? { id: v.id, sku: v.sku, options: v.options } : null,
      });
    }
    return Response.json({ error: { code: 'not-found', message: 'Not found' } }, { status: 404 });
  });
  return requests;
}

export function resetBetweenTests() {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

/** Shows the router's current location so tests can assert what the URL became. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** The storefront's providers with a fresh SWR cache per test. */
export function Storefront({ children, at = '/' }: { children: ReactNode; at?: string }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CartProvider>
        <MemoryRouter initialEntries={[at]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </CartProvider>
    </SWRConfig>
  );
}

/** An image that needs no server. */
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/** An order of one line, as the orders API answers it. */
export function order(
  id: string,
  number: string,
  createdSeconds: number,
  status: OrderStatus,
  totalCents: number,
): Order {
  const at = { seconds: createdSeconds, nanoseconds: 0 };
  return {
    id,
    number,
    uid: 'u1',
    email: 'a@lab.example',
    lines: [
      {
        productId: 'p',
        variantId: 'p',
        sku: '',
        options: {},
        name: 'BPC-157 5mg',
        imgUrl: PIXEL,
        unitPriceCents: 3999,
        quantity: 3,
        lineTotalCents: 11997,
      },
    ],
    subtotalCents: totalCents,
    discount: null,
    shippingCents: 0,
    shipping: null,
    taxCents: 0,
    tax: null,
    totalCents,
    shippingAddress: {
      fullName: 'A',
      line1: '1 Way',
      line2: '',
      city: 'Boston',
      state: 'MA',
      postalCode: '02115',
      country: 'US',
      phone: '6175550199',
    },
    status,
    statusHistory: [{ status, at, note: '' }],
    tracking: null,
    payment: { provider: 'manual', reference: null },
    idempotencyKey: `key-${id}-0123456789`,
    compliance: null,
    createdAt: at,
    updatedAt: at,
  };
}
