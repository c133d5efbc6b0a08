import type { ErrorCode, FieldIssue } from '../domain/errors.js';

/** The one error shape every API failure has. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field problems for invalid input, so forms can show each next to its field. */
    fields?: FieldIssue[];
    /** Extra facts for the caller, e.g. the product ids that were unavailable. */
    details?: Record<string, unknown>;
  };
}

export const STATUS_OF: Record<ErrorCode, number> = {
  'invalid-input': 400,
  unauthenticated: 401,
  forbidden: 403,
  /** A signed-in account whose e-mail address is not verified yet, where a verified one is needed. */
  'email-unverified': 403,
  'not-found': 404,
  'duplicate-name': 409,
  'duplicate-sku': 409,
  'duplicate-lot': 409,
  conflict: 409,
  'out-of-stock': 409,
  unavailable: 409,
  'too-large': 413,
  'unsupported-media-type': 415,
  'rate-limited': 429,
  /** A conditional write (If-Match) whose version is no longer current. */
  stale: 412,
  /** An idempotency key reused with a different request body, as Stripe answers. */
  'idempotency-mismatch': 422,
  /** A request whose Host is not this server's (DNS rebinding in emulator mode). */
  misdirected: 421,
  /** The store is busy with another writer (an import); try again after Retry-After. */
  'store-busy': 503,
  /** The disk holding the data is full. */
  'storage-full': 507,
  internal: 500,
};

/** An API failure as the client sees it. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: FieldIssue[] = [],
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** The message for one field, if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.fields.find((f) => f.field === field)?.message;
  }
}
