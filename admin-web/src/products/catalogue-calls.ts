import { ApiError, type ApiErrorBody } from '../../../shared/api/errors.js';
import type { Lot } from '../../../shared/domain/lot.js';
import { apiTokens } from '../../../shared/web/api.js';

/**
 * The catalogue calls of issue 14 that the typed clients (shared/api/client.ts, admin-client.ts)
 * do not offer yet: categories, brands and lots. Each answers in the API's documented shape and
 * fails with ApiError as the typed clients do; once the routes are typed these become one-line
 * forwards to the clients.
 */
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  const token = await apiTokens.getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers });
  } catch {
    throw new ApiError(0, 'network', 'Cannot reach the shop; check your connection and try again');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'internal',
    error?.message ?? `Request failed (${response.status})`,
    error?.fields,
    error?.details,
  );
}

export interface NameCount {
  name: string;
  count: number;
}

/** A lot as the admin records it; the COA is the PDF file itself. */
export interface NewLotForm {
  lotNumber: string;
  productId: string;
  variantId?: string;
  testedAt: string;
  purity: string;
  coa: File;
}

export const catalogueCalls = {
  categories: () => call<{ categories: NameCount[] }>('/categories'),
  brands: () => call<{ brands: NameCount[] }>('/brands'),
  lots: {
    list: (productId: string) =>
      call<{ lots: Lot[] }>(`/admin/lots?productId=${encodeURIComponent(productId)}`),
    /** Sent as multipart/form-data; the server checks the COA's bytes as a PDF. */
    add: (lot: NewLotForm) => {
      const form = new FormData();
      form.append('lotNumber', lot.lotNumber);
      form.append('productId', lot.productId);
      if (lot.variantId) form.append('variantId', lot.variantId);
      form.append('testedAt', lot.testedAt);
      form.append('purity', lot.purity);
      form.append('coa', lot.coa, lot.coa.name);
      return call<Lot>('/admin/lots', { method: 'POST', body: form });
    },
    delete: (lotNumber: string) =>
      call<void>(`/admin/lots/${encodeURIComponent(lotNumber)}`, { method: 'DELETE' }),
  },
};
