import { cleanup } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, vi } from 'vitest';
import type { Product } from '../../shared/domain/product.js';
import { CartProvider } from '../../web/src/cart/cart-context.js';

export function product(id: string, name: string, price: number, extra: Partial<Product> = {}): Product {
  const now = { seconds: 1_700_000_000, nanoseconds: 0 };
  return {
    id,
    name,
    price,
    available: true,
    description: '',
    imgUrl: `/images/${id}.svg`,
    category: 'Peptides',
    brand: 'Helix Labs',
    stock: null,
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...extra,
  };
}

/**
 * Serves GET /api/products and /api/products/:id from the given list (available products only), as
 * the shop's API would, so the storefront's real API client and SWR hooks run unchanged in happy-dom.
 * While `down()` is true every request fails as a network error would.
 */
export function serveCatalogue(products: () => Product[], down: () => boolean = () => false) {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    requests.push(input);
    if (down()) throw new TypeError('Failed to fetch');
    const forSale = products().filter((p) => p.available);
    if (input === '/api/products') return Response.json({ products: forSale });
    const one = forSale.find((p) => input === `/api/products/${encodeURIComponent(p.id)}`);
    if (one) return Response.json({ product: one });
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
