import { type ClientResponse, DetailedError, hc, parseResponse } from 'hono/client';
// Types only: the apps must never bundle server code.
import type { ApiType } from '../../server/api.js';
import type { PasswordResetRequestInput, VerificationEmailRequestInput } from '../domain/account.js';
import type { CatalogueQuery } from '../domain/catalogue-listing.js';
import { catalogueSearchParams } from '../domain/catalogue-query.js';
import type { ContactMessageInput } from '../domain/contact.js';
import type { CheckoutRequestInput, QuoteRequestInput } from '../domain/order.js';
import { ApiError, type ApiErrorBody } from './errors.js';

/** Supplies the signed-in user's current ID token, or null when signed out. */
type TokenProvider = () => Promise<string | null>;

export interface ApiClientOptions {
  baseUrl?: string;
  getToken?: TokenProvider;
  /** Supplies an App Check token (X-Firebase-AppCheck) when the shop enforces App Check, else null. */
  getAppCheckToken?: TokenProvider;
  fetch?: typeof fetch;
}

/** A busy shop (a large import running) answers 503 with Retry-After; requests safe to repeat wait and retry. */
const BUSY_RETRIES = 3;

/** Reads, and writes the server recognises when repeated (an idempotency key, as checkout sends). */
function safeToRepeat(init: RequestInit | undefined): boolean {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return true;
  if (typeof init?.body !== 'string') return false;
  try {
    const body: unknown = JSON.parse(init.body);
    return typeof body === 'object' && body !== null && 'idempotencyKey' in body;
  } catch {
    return false;
  }
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 1000;
}

const isErrorBody = (data: unknown): data is ApiErrorBody =>
  typeof data === 'object' && data !== null && typeof (data as Partial<ApiErrorBody>).error === 'object';

/** The body of a successful answer, typed by the route; any failure becomes an ApiError. */
export async function ok<R extends ClientResponse<unknown>>(response: Promise<R>) {
  try {
    return await parseResponse(response);
  } catch (error) {
    if (!(error instanceof DetailedError)) throw error;
    const status = error.statusCode ?? 500;
    const body: unknown = error.detail?.data;
    const err = isErrorBody(body) ? body.error : undefined;
    throw new ApiError(
      status,
      err?.code ?? 'internal',
      err?.message ?? `Request failed (${status})`,
      err?.fields,
      err?.details,
    );
  }
}

/**
 * Hono's client typed by the server's routes, so a renamed path or a changed method, body or answer
 * fails the typecheck. It sends the ID token and App Check token when there are any; a request that
 * cannot reach the server fails with ApiError 'network'.
 */
export function createRpc({ baseUrl = '', getToken, getAppCheckToken, fetch: fetchImpl }: ApiClientOptions) {
  return hc<ApiType>(`${baseUrl}/api`, {
    // The global fetch is looked up per request, so one installed later (tests, wrappers) is used.
    fetch: async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      for (let attempt = 1; ; attempt++) {
        let response: Response;
        try {
          response = await (fetchImpl ?? globalThis.fetch)(input, init);
        } catch {
          throw new ApiError(0, 'network', 'Cannot reach the shop; check your connection and try again');
        }
        if (response.status !== 503 || attempt > BUSY_RETRIES || !safeToRepeat(init)) return response;
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response)));
      }
    },
    // Without token providers (the public config) the request goes out at once, not a tick later.
    headers:
      getToken || getAppCheckToken
        ? async () => {
            const headers: Record<string, string> = { accept: 'application/json' };
            const [token, appCheck] = await Promise.all([getToken?.() ?? null, getAppCheckToken?.() ?? null]);
            if (token) headers.authorization = `Bearer ${token}`;
            if (appCheck) headers['x-firebase-appcheck'] = appCheck;
            return headers;
          }
        : { accept: 'application/json' },
  });
}

/** A path parameter for the typed client, which puts it in the path as given. */
export const idParam = (value: string) => ({ id: encodeURIComponent(value) });

/** The storefront's calls; the admin app's are in admin-client.ts, so shoppers never download them. */
export function createApiClient(options: ApiClientOptions = {}) {
  const rpc = createRpc(options);
  const id = idParam;
  return {
    health: () => ok(rpc.health.$get()),
    config: () => ok(rpc.config.$get()),
    products: {
      /** One page of the catalogue (search, filters, sort); absent fields take their defaults. */
      list: (query: Partial<CatalogueQuery> = {}) =>
        ok(rpc.products.$get({ query: catalogueSearchParams(query) })),
      /** At most 8 products matching what has been typed so far. */
      suggest: (q: string) => ok(rpc.products.suggest.$get({ query: { q } })),
      get: (productId: string) => ok(rpc.products[':id'].$get({ param: id(productId) })),
    },
    /** Categories and brands with how many available products each has, by name. */
    categories: () => ok(rpc.categories.$get()),
    brands: () => ok(rpc.brands.$get()),
    contact: (input: ContactMessageInput) => ok(rpc.contact.$post({ json: input })),
    /** Answers alike whether or not the address has an account. */
    passwordReset: (input: PasswordResetRequestInput) =>
      ok(rpc.account['password-reset'].$post({ json: input })),
    /** E-mails the signed-in shopper a link confirming their address; `{ sentTo, verified }`. */
    sendVerificationEmail: (input: VerificationEmailRequestInput) =>
      ok(rpc.account['verification-email'].$post({ json: input })),
    checkout: (input: CheckoutRequestInput) => ok(rpc.checkout.$post({ json: input })),
    quote: (input: QuoteRequestInput) => ok(rpc.checkout.quote.$post({ json: input })),
    /** `{ countries }`: the two-letter codes the checkout ships to. */
    checkoutCountries: () => ok(rpc.checkout.countries.$get()),
    orders: {
      mine: () => ok(rpc.orders.$get()),
      get: (orderId: string) => ok(rpc.orders[':id'].$get({ param: id(orderId) })),
      pay: (orderId: string) => ok(rpc.orders[':id'].pay.$post({ param: id(orderId) })),
      cancel: (orderId: string) => ok(rpc.orders[':id'].cancel.$post({ param: id(orderId) })),
    },
    lots: {
      /** `{ lot, product, variant }` for the number printed on a vial (any case); 404 'not-found' if none. */
      get: (lotNumber: string) =>
        ok(rpc.lots[':lotNumber'].$get({ param: { lotNumber: encodeURIComponent(lotNumber.trim()) } })),
      /** `{ lots }` of a product on sale, most recently tested first. */
      ofProduct: (productId: string) => ok(rpc.products[':id'].lots.$get({ param: id(productId) })),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** What a client call resolves to, e.g. `ApiAnswer<ApiClient['orders']['get']>`. */
export type ApiAnswer<Call extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Call>>;

/** @internal */
export type ProductListResponse = ApiAnswer<ApiClient['products']['list']>;
/** @internal */
export type ProductResponse = ApiAnswer<ApiClient['products']['get']>;
export type OrderResponse = ApiAnswer<ApiClient['orders']['get']>;
export type CheckoutResponse = ApiAnswer<ApiClient['checkout']>;
export type QuoteResponse = ApiAnswer<ApiClient['quote']>;
