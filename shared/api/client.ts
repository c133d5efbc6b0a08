import type { ContactMessageInput } from '../domain/contact.js';
import type { CheckoutRequestInput, OrderFilter, QuoteRequestInput, TrackingInput } from '../domain/order.js';
import type { NewProductInput, ProductPatchInput } from '../domain/product.js';
import { ApiError, type ApiErrorBody } from './errors.js';
import { productETag } from './etag.js';
import type {
  AdminAccountResponse,
  AdminListResponse,
  CheckoutResponse,
  ContactMessageResponse,
  HealthResponse,
  ImageUploadResponse,
  OrderListResponse,
  OrderResponse,
  PaymentResponse,
  ProductListResponse,
  ProductResponse,
  PublicConfigResponse,
  QuoteResponse,
} from './types.js';

const ifMatch = (version: number | undefined): Record<string, string> =>
  version === undefined ? {} : { 'if-match': productETag(version) };

/** Supplies the signed-in user's current ID token, or null when signed out. */
type TokenProvider = () => Promise<string | null>;

export interface ApiClientOptions {
  baseUrl?: string;
  getToken?: TokenProvider;
  /** Supplies an App Check token (X-Firebase-AppCheck) when the shop enforces App Check, else null. */
  getAppCheckToken?: TokenProvider;
  fetch?: typeof fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Typed access to the shop API; every failure becomes an ApiError with the server's code and message. */
export function createApiClient({
  baseUrl = '',
  getToken,
  getAppCheckToken,
  fetch: fetchImpl,
}: ApiClientOptions = {}) {
  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    const [token, appCheck] = await Promise.all([getToken?.() ?? null, getAppCheckToken?.() ?? null]);
    if (token) headers.authorization = `Bearer ${token}`;
    if (appCheck) headers['x-firebase-appcheck'] = appCheck;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      // The global fetch is looked up per request, so one installed later (tests, wrappers) is used.
      response = await (fetchImpl ?? globalThis.fetch)(`${baseUrl}/api${path}`, {
        method,
        headers,
        body: payload,
      });
    } catch {
      throw new ApiError(0, 'network', 'Cannot reach the shop; check your connection and try again');
    }
    const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if (!response.ok) {
      const err = (data as ApiErrorBody | undefined)?.error;
      throw new ApiError(
        response.status,
        err?.code ?? 'internal',
        err?.message ?? `Request failed (${response.status})`,
        err?.fields,
        err?.details,
      );
    }
    return data as T;
  }

  const id = encodeURIComponent;
  return {
    request,
    health: () => request<HealthResponse>('GET', '/health'),
    config: () => request<PublicConfigResponse>('GET', '/config'),
    products: {
      list: () => request<ProductListResponse>('GET', '/products'),
      get: (productId: string) => request<ProductResponse>('GET', `/products/${id(productId)}`),
    },
    contact: (input: ContactMessageInput) => request<ContactMessageResponse>('POST', '/contact', input),
    checkout: (input: CheckoutRequestInput) => request<CheckoutResponse>('POST', '/checkout', input),
    quote: (input: QuoteRequestInput) => request<QuoteResponse>('POST', '/checkout/quote', input),
    orders: {
      mine: () => request<OrderListResponse>('GET', '/orders'),
      get: (orderId: string) => request<OrderResponse>('GET', `/orders/${id(orderId)}`),
      pay: (orderId: string) => request<PaymentResponse>('POST', `/orders/${id(orderId)}/pay`, {}),
      cancel: (orderId: string) => request<OrderResponse>('POST', `/orders/${id(orderId)}/cancel`, {}),
    },
    admin: {
      orders: {
        list: (query: { status?: OrderFilter; search?: string } = {}) => {
          const params = new URLSearchParams();
          if (query.status) params.set('status', query.status);
          if (query.search) params.set('search', query.search);
          const qs = params.toString();
          return request<OrderListResponse>('GET', `/admin/orders${qs ? `?${qs}` : ''}`);
        },
        markPaid: (orderId: string, reference?: string) =>
          request<OrderResponse>(
            'POST',
            `/admin/orders/${id(orderId)}/mark-paid`,
            reference ? { reference } : {},
          ),
        ship: (orderId: string, tracking: TrackingInput) =>
          request<OrderResponse>('POST', `/admin/orders/${id(orderId)}/ship`, tracking),
        cancel: (orderId: string, note?: string) =>
          request<OrderResponse>('POST', `/admin/orders/${id(orderId)}/cancel`, note ? { note } : {}),
      },
      products: {
        list: () => request<ProductListResponse>('GET', '/admin/products'),
        get: (productId: string) => request<ProductResponse>('GET', `/admin/products/${id(productId)}`),
        create: (input: NewProductInput) => request<ProductResponse>('POST', '/admin/products', input),
        /** With `ifVersion`, refused (ApiError 412 'stale', details.current) unless still at that version. */
        update: (productId: string, patch: ProductPatchInput, ifVersion?: number) =>
          request<ProductResponse>('PATCH', `/admin/products/${id(productId)}`, patch, ifMatch(ifVersion)),
        setAvailability: (productId: string, available: boolean, ifVersion?: number) =>
          request<ProductResponse>(
            'PUT',
            `/admin/products/${id(productId)}/availability`,
            { available },
            ifMatch(ifVersion),
          ),
        delete: (productId: string) => request<void>('DELETE', `/admin/products/${id(productId)}`),
      },
      images: {
        upload: (file: Blob, fileName = 'image') => {
          const form = new FormData();
          form.append('image', file, fileName);
          return request<ImageUploadResponse>('POST', '/admin/images', form);
        },
      },
      admins: {
        list: () => request<AdminListResponse>('GET', '/admin/admins'),
        grant: (email: string) => request<AdminAccountResponse>('POST', '/admin/admins', { email }),
        /** Removing one's own admin access must be confirmed with `confirmSelf`. */
        revoke: (email: string, { confirmSelf = false } = {}) =>
          request<AdminAccountResponse>(
            'DELETE',
            `/admin/admins/${id(email.trim())}${confirmSelf ? '?self=confirm' : ''}`,
          ),
      },
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
