import { Hono } from 'hono';
import type { Store } from '../../shared/backend/store/port.js';
import { type FacetCount, facetCounts } from '../../shared/domain/facets.js';
import type { Product } from '../../shared/domain/product.js';
import { cachedCatalogueJson } from '../catalogue-cache.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';

const availableCounts = async (store: Store, nameOf: (p: Product) => string) =>
  facetCounts(await store.products.listAvailable(), nameOf);

/** `{ categories: [{ name, count }] }`: what shoppers browse the store by, with available products counted. */
export const categoryRoutes = ({ store }: AppDeps) =>
  new Hono<AppEnv>().get(
    '/',
    cachedCatalogueJson(
      store,
      'c',
      async (): Promise<{ categories: FacetCount[] }> => ({
        categories: await availableCounts(store, (p) => p.category),
      }),
    ),
  );

/** `{ brands: [{ name, count }] }`, as categories. */
export const brandRoutes = ({ store }: AppDeps) =>
  new Hono<AppEnv>().get(
    '/',
    cachedCatalogueJson(
      store,
      'b',
      async (): Promise<{ brands: FacetCount[] }> => ({
        brands: await availableCounts(store, (p) => p.brand),
      }),
    ),
  );
