import { Hono } from 'hono';
import type { Store } from '../../shared/backend/store/port.js';
import { type FacetCount, facetCounts } from '../../shared/domain/facets.js';
import type { Product } from '../../shared/domain/product.js';
import { cachedCatalogueJson } from '../catalogue-cache.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../env.js';

/** `{ [key]: [{ name, count }] }`: the names shoppers browse by, with the available products under each. */
const facetRoutes = <K extends string>(store: Store, key: K, nameOf: (p: Product) => string) =>
  new Hono<AppEnv>().get(
    '/',
    cachedCatalogueJson(
      store,
      key,
      async () =>
        ({ [key]: facetCounts(await store.products.listAvailable(), nameOf) }) as Record<K, FacetCount[]>,
    ),
  );

export const categoryRoutes = ({ store }: AppDeps) => facetRoutes(store, 'categories', (p) => p.category);
export const brandRoutes = ({ store }: AppDeps) => facetRoutes(store, 'brands', (p) => p.brand);
