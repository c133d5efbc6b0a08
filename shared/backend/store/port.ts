import type { ShippingAddress } from '../../domain/address.js';
import type { ContactMessage } from '../../domain/contact.js';
import type { Order, OrderFilter, PaymentProvider } from '../../domain/order.js';
import type { NewProduct, Product, ProductPatch } from '../../domain/product.js';
import type { Timestamp } from '../../domain/timestamp.js';

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
  /** Deletes every product, order and message (`shop seed --reset`); images are not touched. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** One write of a bulk import: a new product (available unless said otherwise) or a patch to one. */
export type ProductWrite =
  | { op: 'create'; product: NewProduct; available?: boolean }
  | { op: 'update'; id: string; patch: ProductPatch };

/** A conditional write: it happens only while the product is still at this version. */
export interface WriteCondition {
  expectedVersion?: number;
}

export interface ProductRepository {
  /** Available products, by name. */
  listAvailable(): Promise<Product[]>;
  /** Every product, unavailable ones included, by name. */
  listAll(): Promise<Product[]>;
  get(id: string): Promise<Product | null>;
  /** Looks a name up the way uniqueness is judged: trimmed and case-insensitive. */
  findByName(name: string): Promise<Product | null>;
  /**
   * Looks many names up at once, judged as findByName does; the result maps productNameKey(name)
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
  /** Creates an available product; throws DuplicateNameError when the name is taken. */
  add(input: NewProduct): Promise<Product>;
  /**
   * Writes only the fields the patch holds and moves the version on. Throws NotFoundError, or
   * DuplicateNameError when renaming onto a taken name. With `expectedVersion`, the check and the
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
}

export interface PlaceOrder {
  uid: string;
  email: string;
  lines: { productId: string; quantity: number }[];
  shippingAddress: ShippingAddress;
  paymentProvider: PaymentProvider;
  idempotencyKey: string;
}

export interface OrderRepository {
  /**
   * In one atomic step: reads current prices and availability, refuses unavailable products
   * (ShopError 'unavailable', details.productIds) and short stock (ShopError 'out-of-stock',
   * details.productIds, nothing written), decrements tracked stock and stores the order as
   * pending_payment. A key this user already used returns that order (created: false).
   */
  place(request: PlaceOrder): Promise<{ order: Order; created: boolean }>;
  get(id: string): Promise<Order | null>;
  /** The user's orders, newest first. */
  listForUser(uid: string): Promise<Order[]>;
  /** Orders newest first; `search` matches the order number, id or email (case-insensitive). */
  list(query: { filter: OrderFilter; search?: string }): Promise<Order[]>;
  /** pending_payment → paid. A no-op when already paid with the same reference. */
  markPaid(id: string, payment: { reference: string | null; note?: string }): Promise<Order>;
  /** paid → shipped, with the tracking number. */
  markShipped(id: string, tracking: { carrier: string; number: string }): Promise<Order>;
  /** pending_payment or paid → cancelled, putting tracked stock back. */
  cancel(id: string, note?: string): Promise<Order>;
  /** Records the payment provider's reference (e.g. a Stripe Checkout Session id). */
  setPaymentReference(id: string, reference: string): Promise<Order>;
  findByPaymentReference(provider: PaymentProvider, reference: string): Promise<Order | null>;
}

export interface StoredMessage extends ContactMessage {
  id: string;
  uid: string | null;
  createdAt: Timestamp;
}

export interface MessageRepository {
  add(message: ContactMessage & { uid: string | null }): Promise<StoredMessage>;
  /** Newest first. */
  list(): Promise<StoredMessage[]>;
}
