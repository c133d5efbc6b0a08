export const DUPLICATE_NAME_MESSAGE = 'A product with this name already exists';

export type ErrorCode =
  | 'invalid-input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'duplicate-name'
  | 'conflict'
  | 'out-of-stock'
  | 'unavailable'
  | 'too-large'
  | 'unsupported-media-type'
  | 'rate-limited'
  | 'stale'
  | 'idempotency-mismatch'
  | 'misdirected'
  | 'store-busy'
  | 'storage-full'
  | 'internal';

export interface FieldIssue {
  /** Dotted path of the offending field, e.g. `price` or `lines.2.quantity`. */
  field: string;
  message: string;
}

/** Base of every error the shop raises on purpose; the code decides the HTTP status and CLI exit. */
export class ShopError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class DuplicateNameError extends ShopError {
  constructor(readonly productName: string) {
    super('duplicate-name', DUPLICATE_NAME_MESSAGE, { field: 'name' });
  }
}

export class NotFoundError extends ShopError {
  constructor(what: string) {
    super('not-found', `${what} not found`);
  }
}

export class ValidationError extends ShopError {
  constructor(readonly issues: FieldIssue[]) {
    super('invalid-input', issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '), {
      issues,
    });
  }
}

export class ConflictError extends ShopError {}

/** A conditional write whose expected version is no longer current; carries what is current now. */
export class StaleError<T> extends ShopError {
  constructor(
    what: string,
    readonly current: T,
  ) {
    super('stale', `This ${what} was changed since you opened it; nothing was saved`, { current });
  }
}
