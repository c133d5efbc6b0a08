export const DUPLICATE_NAME_MESSAGE = 'A product with this name already exists';

export type ErrorCode =
  | 'invalid-input'
  | 'unauthenticated'
  | 'forbidden'
  | 'email-unverified'
  | 'not-found'
  | 'duplicate-name'
  | 'duplicate-sku'
  | 'duplicate-lot'
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

/** A SKU another variant already has; `field` is the offending variant's, e.g. `variants.1.sku`. */
export class DuplicateSkuError extends ShopError {
  constructor(
    readonly sku: string,
    field = 'sku',
  ) {
    super('duplicate-sku', `SKU ${sku} is already used by another product or variant`, { field });
  }
}

export class DuplicateLotError extends ShopError {
  constructor(readonly lotNumber: string) {
    super('duplicate-lot', `Lot ${lotNumber} already exists`, { field: 'lotNumber' });
  }
}

export class DuplicateDiscountError extends ShopError {
  constructor(readonly code_: string) {
    super('conflict', `Discount code ${code_} already exists`, { field: 'code' });
  }
}

export class NotFoundError extends ShopError {
  constructor(what: string) {
    super('not-found', `${what} not found`);
  }
}

/** How many problems one error reports, so a request with 60,000 bad fields gets a small answer. */
const MAX_REPORTED_ISSUES = 20;

/** The first MAX_REPORTED_ISSUES items, then how many more there were. */
export function firstFew<T>(items: readonly T[], more: (count: number) => T): T[] {
  return items.length <= MAX_REPORTED_ISSUES
    ? [...items]
    : [...items.slice(0, MAX_REPORTED_ISSUES), more(items.length - MAX_REPORTED_ISSUES)];
}

export class ValidationError extends ShopError {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[]) {
    const reported = firstFew(issues, (n) => ({ field: '', message: `and ${n} more problems` }));
    super(
      'invalid-input',
      reported.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; '),
      { issues: reported },
    );
    this.issues = reported;
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

/** An idempotency key reused for a different request: answering with the first order would hide the change. */
export class IdempotencyMismatchError extends ShopError {
  constructor() {
    super(
      'idempotency-mismatch',
      'This idempotency key was already used for a different order; send a new key for a new order',
    );
  }
}
