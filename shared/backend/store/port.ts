import type { ShippingAddress } from '../../domain/address.js';
import type { AuditPage, AuditQuery, AuditRecord } from '../../domain/audit.js';
import type { Attested } from '../../domain/compliance.js';
import type { ContactMessage } from '../../domain/contact.js';
import type { Discount, NewDiscount } from '../../domain/discount.js';
import type { Lot } from '../../domain/lot.js';
import type { Order, OrderFilter, PaymentProvider, RequestedLine } from '../../domain/order.js';
import type { OrderListQuery, OrderPage } from '../../domain/order-listing.js';
import type { OrderEvent } from '../../domain/order-transitions.js';
import type { NewProduct, Product, ProductPatch } from '../../domain/product.js';
import type { ShippingConfig } from '../../domain/shipping-rates.js';
import type { TaxConfig } from '../../domain/tax-rates.js';
import type { Timestamp } from '../../domain/timestamp.js';
import type { UnpaidOrderLimits } from '../../domain/unpaid-orders.js';
import type { Variant } from '../../domain/variant.js';
import type { ReportRepository } from './report-repository.js';

/**
 * The one storage interface the server and the CLI talk to. Each adapter (sqlite/, firestore/)
 * keeps its raw row or document types to itself and maps them with small `to*()` functions.
 * Every method is async so that networked adapters fit without change to callers.
 */
export interface Store {
  readonly kind: 'sqlite' | 'firestore';
  readonly products: ProductRepository;
  readonly orders: OrderRepository;
  readonly messages: MessageRepository;
  readonly lots: LotRepository;
  readonly discounts: DiscountRepository;
  readonly outbox: OutboxRepository;
  readonly reports: ReportRepository;
  /** Who changed what; see AuditRepository. */
  readonly audit: AuditRepository;
  /** Small facts about the store itself, such as when the sample catalogue was seeded; clear() keeps them. */
  readonly meta: StoreMeta;
  /**
   * Starts what a long-running shop needs done beside it (SQLite: taking back an import killed
   * mid-way, which would otherwise wait for the next open); nothing on Firestore. Returns its stopper.
   */
  startMaintenance(): { stop(): Promise<void> };
  /**
   * Writes a consistent copy of the store to `file` while the shop runs. Throws
   * BackupUnsupportedError where the provider keeps the backups (Firestore: managed export).
   */
  backup(file: string): Promise<StoreBackupSummary>;
  /**
   * Deletes every product, lot, order and message (`shop seed --reset`); images and the outbox (mail
   * already owed to people) are not touched.
   */
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreMeta {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
}

/** What a backup holds, so an operator can tell one from another. */
export interface StoreBackupSummary {
  file: string;
  bytes: number;
  schemaVersion: number;
  products: number;
  orders: number;
  messages: number;
}

/** One write of a bulk import: a new product (available unless said otherwise) or a patch to one. */
export type ProductWrite =
  | { op: 'create'; product: NewProduct; available?: boolean }
  | { op: 'update'; id: string; patch: ProductPatch };

/** A conditional write: it happens only while the product is still at this version. */
export interface WriteCondition {
  expectedVersion?: number;
}

/**
 * What changed in the catalogue since a cursor: the products written (created, edited, stock taken
 * or put back by orders, availability toggled, imported) as they are now, and the ids removed; or
 * `reset` when the store cannot tell (no cursor, one it no longer answers for, or more changes than
 * asked for), and the caller reads everything again (listAllInPages) and continues from `cursor`.
 */
export type ProductChanges =
  | { reset: false; cursor: string; products: Product[]; removed: string[] }
  | { reset: true; cursor: string };

export interface ProductRepository {
  /** Available products, by name. */
  listAvailable(): Promise<Product[]>;
  /** Every product, unavailable ones included, by name. */
  listAll(): Promise<Product[]>;
  /**
   * listAll() `pageSize` products at a time, each page read when the caller asks for it, so that an
   * export's memory stays flat however large the catalogue. A product written meanwhile may or may
   * not be included, but none is listed twice.
   */
  listAllInPages(pageSize: number): AsyncIterable<Product[]>;
  get(id: string): Promise<Product | null>;
  /** Looks a name up the way uniqueness is judged: trimmed, case-insensitive, look-alikes as one (productNameSkeleton). */
  findByName(name: string): Promise<Product | null>;
  /**
   * Looks many names up at once, judged as findByName does; the result maps productNameSkeleton(name)
   * to the product, and names not found are absent.
   */
  findByNames(names: readonly string[]): Promise<Map<string, Product>>;
  /**
   * Applies the writes of every batch as one unit: all of them, or none when anything throws —
   * a DuplicateNameError, a NotFoundError for an update, or an error raised by the batch source
   * itself (which is how a caller abandons the import). Batches are pulled one at a time, so a
   * caller can stream a large file without holding it; reads made while producing a batch
   * (findByNames) see the writes of earlier batches. Returns how many products were created
   * and updated. An adapter that commits in parts undoes them on failure; should that fail too, it
   * throws BulkImportIncompleteError naming the products left written.
   */
  bulkWrite(
    batches: Iterable<ProductWrite[]> | AsyncIterable<ProductWrite[]>,
  ): Promise<{ created: number; updated: number }>;
  /**
   * Looks a SKU up the way uniqueness is judged (skuKey: trimmed, case-insensitive); null when no
   * variant has it. Blank SKUs are never found.
   */
  findBySku(sku: string): Promise<{ product: Product; variant: Variant } | null>;
  /**
   * Creates an available product (newProductState gives its variants ids); throws
   * DuplicateNameError when the name is taken and DuplicateSkuError when another product's variant
   * has one of its SKUs. Names and SKUs are claimed atomically with the write: of many concurrent
   * creates with one name or SKU, exactly one succeeds.
   */
  add(input: NewProduct): Promise<Product>;
  /**
   * Writes only the fields the patch holds (patchedProductState judges it against the product as it
   * is in the same atomic step) and moves the version on. Throws NotFoundError, ValidationError,
   * DuplicateNameError when renaming onto a taken name, or DuplicateSkuError. With `expectedVersion`, the check and the
   * write are one atomic step: a product at another version throws StaleError carrying it, and
   * nothing is written.
   */
  update(id: string, patch: ProductPatch, condition?: WriteCondition): Promise<Product>;
  setAvailability(id: string, available: boolean, condition?: WriteCondition): Promise<Product>;
  /** Returns false when there was nothing to delete. */
  delete(id: string): Promise<boolean>;
  /**
   * A token that changes whenever any product changes, from this process or another one
   * sharing the store; lets callers cache listings and notice outside edits cheaply.
   */
  changeToken(): Promise<string>;
  /**
   * The catalogue's changes since `cursor` (see ProductChanges), from this process or another one
   * sharing the store; a reset when there are more than `limit`. A reset's cursor is taken before
   * the caller's reading, so nothing written meanwhile is missed (it may come twice).
   */
  changesSince(cursor: string | null, limit: number): Promise<ProductChanges>;
}

/** What an orders search may match beyond number, ship-to name and id. */
export interface OrderSearchScope {
  /** Default true. */
  matchEmail?: boolean;
}

export interface PlaceOrder {
  uid: string;
  email: string;
  /** A line without variantId means the product's only variant. */
  lines: RequestedLine[];
  shippingAddress: ShippingAddress;
  paymentProvider: PaymentProvider;
  idempotencyKey: string;
  /** What the shopper attested; kept with the order, stamped with the time the store places it. Absent: not recorded. */
  compliance?: Attested;
  /** A discount code (capitals); judged and counted in the same atomic step as the stock. */
  discountCode?: string;
  /** The rate chosen; absent: the cheapest for the address. */
  shippingOptionId?: string;
  /** The shop's rates and taxes now (the server reads them from the settings); absent: the defaults, no tax. */
  rates?: { shipping: ShippingConfig; tax: TaxConfig };
  /**
   * The shop's unpaid-order limits now (the server reads them from the settings), judged in the same
   * atomic step as the stock: the account's unpaid orders, the units per size, and the bank-transfer
   * hold the order's payment deadline is set from. Absent: no limits, and the default hold.
   */
  unpaid?: UnpaidOrderLimits;
}

/**
 * Discount codes. Uses are counted by OrderRepository.place in the same atomic step as the order, so a
 * code limited to N uses is used N times however many checkouts race for it; a once-per-customer code
 * is once per uid and per customerEmailKey. Cancelling an unpaid order gives its use and its mark
 * back in the cancel's atomic step (OrderMove.givesBackCode).
 */
export interface DiscountRepository {
  /** Throws ConflictError when the code exists. */
  create(discount: NewDiscount): Promise<Discount>;
  /** Every code, newest first. */
  list(): Promise<Discount[]>;
  get(code: string): Promise<Discount | null>;
  /** Switches a code on or off; NotFoundError for no such code. */
  setActive(code: string, active: boolean): Promise<Discount>;
}

/** An e-mail as the outbox keeps it: rendered by the caller, stored as given. */
/**
 * One mailbox. Given as an object, nodemailer writes the name as a quoted display name and never
 * reads addresses out of it, so text a shopper typed cannot add recipients to a header.
 */
export interface Mailbox {
  name: string;
  address: string;
}

export interface OutboxMail {
  to: Mailbox;
  /** Where a reply goes, when not to the sender (a shopper's address on a forwarded contact message). */
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
}

/**
 * The e-mails a change causes, rendered from what the change wrote. The adapter calls it inside the
 * change's transaction, only when something changed, and stores what it returns in the outbox in
 * that same transaction: the change and its e-mails are committed together or not at all.
 */
export type MailFor<T> = (changed: T) => OutboxMail[];

export interface OrderRepository {
  /**
   * In one atomic step: reads current variant prices and availability, refuses unavailable products
   * or variants, and a product with several variants given none (ShopError 'unavailable',
   * details.productIds and variantIds) and short stock (ShopError 'out-of-stock', details.productIds,
   * variantIds and inStock by variant id, nothing written), decrements tracked variant stock and stores the order as
   * pending_payment, with `mail` of it in the outbox. A key this user already used returns that
   * order (created: false) and queues nothing.
   */
  place(request: PlaceOrder, mail?: MailFor<Order>): Promise<{ order: Order; created: boolean }>;
  get(id: string): Promise<Order | null>;
  /**
   * The orders with these numbers (orderNumberKey: any case, trimmed), read through the numbers'
   * unique index in one batched read, never by searching; keyed by the number as stored, numbers
   * no order has left out. A caller with thousands asks a few hundred at a time.
   */
  getByNumbers(numbers: readonly string[]): Promise<Map<string, Order>>;
  /** The user's orders, newest first. */
  listForUser(uid: string): Promise<Order[]>;
  /** Orders newest first; `search` matches the order number, id or email (case-insensitive). */
  list(query: { filter: OrderFilter; search?: string }): Promise<Order[]>;
  /**
   * One page of the orders the query's status, days and search select, in its sort (ties: newest
   * first), with how many there are in all; a page past the end answers the last one. Search matches
   * the start of the number, e-mail or ship-to name compared by orderSearchKey, or the whole id; with
   * `matchEmail: false` (staff who may not read e-mails) not the e-mail.
   * Served from indexes, never by reading every order (a search reads the orders it matches).
   */
  listPage(query: OrderListQuery, search?: OrderSearchScope): Promise<OrderPage>;
  /**
   * A token that moves whenever an order is placed or changes, from this process or another; cheap
   * enough to ask on every poll. It may also move when nothing did; on Firestore two orders changed
   * in the same millisecond may read as one change until the next.
   */
  changeToken(): Promise<string>;
  /**
   * In one atomic step: reads the order, lets decideOrderTransition (shared/domain/order-transitions.ts)
   * decide what the event does, and writes that decision, its restock and `mail` of the changed
   * order. NotFoundError for no order, ConflictError for a refused event; an event that changes
   * nothing returns the order as it is and queues nothing.
   */
  transition(id: string, event: OrderEvent, mail?: MailFor<Order>): Promise<Order>;
  /** The 'pay' transition: pending_payment → paid. A no-op (nothing queued) when already paid with the same reference. */
  markPaid(
    id: string,
    payment: { reference: string | null; note?: string; staffNote?: string },
    mail?: MailFor<Order>,
  ): Promise<Order>;
  /** The 'ship' transition: paid → shipped, with the tracking number. */
  markShipped(
    id: string,
    tracking: { carrier: string; number: string },
    mail?: MailFor<Order>,
  ): Promise<Order>;
  /** Staff's 'cancel' transition: pending_payment or paid → cancelled, putting tracked stock back. */
  cancel(id: string, note?: string, mail?: MailFor<Order>): Promise<Order>;
  /** Records the payment provider's reference (e.g. a Stripe Checkout Session id). */
  setPaymentReference(id: string, reference: string): Promise<Order>;
  findByPaymentReference(provider: PaymentProvider, reference: string): Promise<Order | null>;
}

/** A lot as recorded: the service has checked its product and variant exist. */
export type NewLot = Omit<Lot, 'createdAt'>;

export interface LotRepository {
  /** Throws DuplicateLotError when the lot number (normalised) is taken; atomic under races. */
  add(lot: NewLot): Promise<Lot>;
  get(lotNumber: string): Promise<Lot | null>;
  /** A product's lots, most recently tested first. */
  listForProduct(productId: string): Promise<Lot[]>;
  /** Every lot, most recently tested first. */
  list(): Promise<Lot[]>;
  /** Returns false when there was no such lot. */
  delete(lotNumber: string): Promise<boolean>;
}

export interface StoredMessage extends ContactMessage {
  id: string;
  uid: string | null;
  createdAt: Timestamp;
}

export interface MessageRepository {
  /** Stores the message and, in the same write, `mail` of it in the outbox. */
  add(
    message: ContactMessage & { uid: string | null },
    mail?: MailFor<StoredMessage>,
  ): Promise<StoredMessage>;
  /** Newest first. */
  list(): Promise<StoredMessage[]>;
}

/**
 * How long a claimed e-mail is left to the sender that claimed it. A sender that dies mid-send
 * loses its lease and the e-mail is claimed again after this, so it is sent at least once. It
 * outlasts the longest send (LONGEST_SEND_MS): a sender starts the sends of a claim side by side,
 * at once, so no live sender loses an e-mail to another mid-send.
 */
export const OUTBOX_LEASE_MS = 60_000;

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxEntry {
  /** Also the e-mail's Message-ID and .eml file name, so a resend is recognisably the same e-mail. */
  id: string;
  mail: OutboxMail;
  status: OutboxStatus;
  /** Sends tried so far, the one under way included. */
  attempts: number;
  lastError: string | null;
  createdAt: Timestamp;
  /** When a pending e-mail is next due (a retry, or a lease running out); null once sent or failed. */
  dueAt: Timestamp | null;
}

/** An e-mail leased to one sender; `lease` proves it is still this sender's when it reports a failure. */
export interface ClaimedMail {
  id: string;
  mail: OutboxMail;
  attempts: number;
  lease: string;
}

/** E-mails waiting to be sent, written by the changes that cause them (see MailFor). */
export interface OutboxRepository {
  /** Queues e-mails that no stored change causes (an account's password-reset link), due at once. */
  enqueue(mails: readonly OutboxMail[]): Promise<void>;
  /**
   * Up to `limit` pending e-mails due at `nowMs`, oldest due first, each leased to the caller for
   * OUTBOX_LEASE_MS (counted as an attempt): no other sender claims them meanwhile.
   */
  claimDue(nowMs: number, limit: number): Promise<ClaimedMail[]>;
  /** Sent: never claimed again. */
  markSent(id: string): Promise<void>;
  /**
   * The send failed: due again at `retryAt`, or, when null, given up on and kept as failed. Ignored
   * when the lease is no longer the caller's (it ran out and another sender holds the e-mail).
   */
  markFailed(id: string, lease: string, outcome: { retryAt: number | null; error: string }): Promise<void>;
  /** E-mails in a status (every one without), oldest first. */
  list(status?: OutboxStatus): Promise<OutboxEntry[]>;
}

/**
 * The audit log. Each change to a product (its variants included), lot or order made while an actor
 * is set (shared/backend/audit/actor.ts: staff requests, CLI commands) writes one entry with the
 * fields it changed, in the change's own transaction; an import writes one per product, taken back
 * with the import should it fail. Entries are never changed; nothing but such an undo removes one.
 */
export interface AuditRepository {
  /** Appends entries for changes made outside the store (admin rights, which live in Auth). */
  record(entries: readonly AuditRecord[]): Promise<void>;
  /** One page, newest first, of the entries the query selects. */
  list(query: AuditQuery): Promise<AuditPage>;
}
