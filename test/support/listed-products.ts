import type { CataloguePage } from '../../shared/domain/catalogue-listing.js';
import type { Product } from '../../shared/domain/product.js';

/** A GET of an API path: `app.request` of a test app, or fetch against a started shop. */
type Get = (path: string) => Promise<Response> | Response;

/** `fetch` against a started shop at `url`. */
export const at =
  (url: string): Get =>
  (path) =>
    fetch(`${url}${path}`);

/** Every product shoppers can see, as the listing sends them (summaries), page after page. */
export async function listedSummaries(get: Get): Promise<CataloguePage['products']> {
  const all: CataloguePage['products'] = [];
  for (let page = 1; ; page++) {
    const answer = (await (await get(`/api/products?perPage=48&page=${page}`)).json()) as CataloguePage;
    all.push(...answer.products);
    if (page >= answer.totalPages) return all;
  }
}

/** Every product shoppers can see, each read in full from `GET /api/products/:id`. */
export async function listedProducts(get: Get): Promise<Product[]> {
  const summaries = await listedSummaries(get);
  return Promise.all(
    summaries.map(
      async ({ id }) => ((await (await get(`/api/products/${id}`)).json()) as { product: Product }).product,
    ),
  );
}
