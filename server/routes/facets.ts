import { Hono } from 'hono';
import type { FacetCount } from '../../shared/domain/facets.js';
import { catalogueJson } from '../catalogue-cache.js';
import type { CatalogueDeps } from '../deps.js';
import type { AppEnv } from '../env.js';

/** `{ [key]: [{ name, count }] }`: the names shoppers browse by, with the available products under each. */
const facetRoutes = <K extends string>({ catalogue }: CatalogueDeps, key: K, facet: 'category' | 'brand') =>
  new Hono<AppEnv>().get('/', (c) =>
    catalogueJson(
      c,
      catalogue,
      key,
      async () => ({ [key]: (await catalogue.facets())[facet] }) as Record<K, FacetCount[]>,
    ),
  );

export const categoryRoutes = (deps: CatalogueDeps) => facetRoutes(deps, 'categories', 'category');
export const brandRoutes = (deps: CatalogueDeps) => facetRoutes(deps, 'brands', 'brand');
