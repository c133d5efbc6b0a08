import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ApiErrorBody, STATUS_OF } from '../shared/api/errors.js';
import { asStorageFull } from '../shared/backend/storage-full.js';
import { StoreBusyError } from '../shared/backend/store/store-busy-error.js';
import { type ErrorCode, ShopError, ValidationError } from '../shared/domain/errors.js';

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'invalid-input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
};

export function errorResponse(
  c: Context,
  code: ErrorCode,
  message: string,
  extra: Partial<ApiErrorBody['error']> = {},
) {
  return c.json(
    { error: { code, message, ...extra } } satisfies ApiErrorBody,
    STATUS_OF[code] as ContentfulStatusCode,
  );
}

/**
 * Turns anything thrown by a handler into the one error shape; unexpected errors never leak details.
 * `dataDir` is where the embedded store keeps its files, to tell a full disk from other I/O errors.
 */
export function handleError(error: Error, c: Context, dataDir?: string) {
  const full = asStorageFull(error, dataDir);
  if (full) {
    console.error(`[api] ${c.req.method} ${c.req.path}: the disk is full (${error.message})`);
    return errorResponse(c, full.code, full.message);
  }
  if (error instanceof ValidationError) {
    return errorResponse(c, 'invalid-input', error.message, { fields: error.issues });
  }
  if (error instanceof StoreBusyError) c.header('Retry-After', String(error.retryAfterSeconds));
  if (error instanceof ShopError) {
    const { field, ...details } = error.details ?? {};
    return errorResponse(c, error.code, error.message, {
      ...(typeof field === 'string' ? { fields: [{ field, message: error.message }] } : {}),
      ...(Object.keys(details).length ? { details } : {}),
    });
  }
  if (error instanceof HTTPException) {
    const code = CODE_OF_STATUS[error.status] ?? 'internal';
    return errorResponse(c, code, code === 'internal' ? 'Something went wrong' : error.message || code);
  }
  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error);
  return errorResponse(c, 'internal', 'Something went wrong on our side; please try again');
}
