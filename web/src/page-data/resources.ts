import type { ApiClient } from '../../../shared/api/client.js';
import { ApiError } from '../../../shared/api/errors.js';
import type { CatalogueQuery } from '../../../shared/domain/catalogue-listing.js';
import { catalogueSearchParams } from '../../../shared/domain/catalogue-query.js';
import { cacheKeys } from '../cache-keys.js';

/**
 * What a page reads from the API: its SWR key and how to load it. The hooks load through the
 * browser's client; the server loads the same resources in-process to render the page and embed them.
 */
export interface Resource<T = unknown> {
  key: string | readonly unknown[];
  load(): Promise<T>;
}

/** A 404 answers null (the page shows "not found"); any other failure is thrown. */
async function nullWhenMissing<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const resources = {
  cataloguePage: (api: ApiClient, query: Partial<CatalogueQuery>) => ({
    key: cacheKeys.cataloguePage(new URLSearchParams(catalogueSearchParams(query)).toString()),
    load: () => api.products.list(query),
  }),
  /** One product; null when it does not exist or is not for sale. */
  product: (api: ApiClient, productId: string) => ({
    key: cacheKeys.product(productId),
    load: async () => (await nullWhenMissing(api.products.get(productId)))?.product ?? null,
  }),
  /** The product's lots, most recently tested first; none for a product not for sale. */
  productLots: (api: ApiClient, productId: string) => ({
    key: cacheKeys.productLots(productId),
    load: async () => (await nullWhenMissing(api.lots.ofProduct(productId)))?.lots ?? [],
  }),
  /** A lot with its product and variant; null when no lot has this number. */
  lot: (api: ApiClient, lotNumber: string) => ({
    key: cacheKeys.lot(lotNumber),
    load: () => nullWhenMissing(api.lots.get(lotNumber)),
  }),
} satisfies Record<string, (api: ApiClient, ...args: never[]) => Resource>;
