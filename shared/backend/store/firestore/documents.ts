import { createHash } from 'node:crypto';
import { type DocumentData, type Firestore, Timestamp } from 'firebase-admin/firestore';
import type { ShippingAddress } from '../../../domain/address.js';
import type { Attested } from '../../../domain/compliance.js';
import type { Order, OrderLine, OrderStatus, PaymentProvider } from '../../../domain/order.js';
import { orderSearchKey } from '../../../domain/order-listing.js';
import {
  type NewProduct,
  type Product,
  type ProductPatch,
  productNameKey,
  trimProductName,
} from '../../../domain/product.js';
import { newProductState, type ProductState, patchedProductState } from '../../../domain/product-state.js';
import type { Timestamp as ApiTimestamp } from '../../../domain/timestamp.js';
import type { Variant } from '../../../domain/variant.js';
import { newId } from '../../ids.js';
import { productNameSkeleton } from '../../product-name-skeleton.js';
import { type StoredVariant, storedVariants } from '../stored-variants.js';
import { variantIdsFor } from '../variant-ids.js';

/** Collection names: the Firestore layout, also what firestore.indexes.json and the rules refer to. */
export const COLLECTIONS = {
  products: 'products',
  /** One document per taken product name (id: hash of the name key), making uniqueness atomic. */
  productNames: 'productNames',
  orders: 'orders',
  /** One document per (user, idempotency key), pointing at the order it created. */
  orderKeys: 'orderKeys',
  /** One document per order number handed out, so no two orders share one. */
  orderNumbers: 'orderNumbers',
  /** One document per SKU held (id: hash of skuKey), claimed in the transaction of the product write. */
  skus: 'skus',
  /** One document per lot (id: hash of the normalised lot number). */
  lots: 'lots',
  messages: 'messages',
  /** E-mails to send, written in the transaction of the change that causes them. */
  outbox: 'outbox',
  meta: 'meta',
  /** One document per discount code (id: the code); `uses` counts orders placed with it. */
  discounts: 'discounts',
  /** One document per (code, shopper) using a code, listing their orders: the once-per-shopper rule reads it. */
  discountRedemptions: 'discountRedemptions',
  /** The same per (code, customerEmailKey of the order's e-mail): a second account with one e-mail is one customer. */
  discountEmailRedemptions: 'discountEmailRedemptions',
  /** One document per account (id: keyId(uid)) listing its orders awaiting payment: the unpaid-order limit reads it. */
  unpaidOrders: 'unpaidOrders',
  /** The audit log: one document per entry (id: a time-ordered id, also its `id` field); append-only. */
  audit: 'audit',
  /**
   * One document per product ever written (id: the product's): when it last changed and whether it
   * is deleted; products.changesSince reads it. clear() keeps it (removals must still be seen).
   */
  productChanges: 'productChanges',
} as const;

/** Document ids are limited in length and characters; hashing any key gives a safe, fixed-size id. */
export function keyId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

/** How many documents one getAll asks for; keeps each read request small. */
export const DOCUMENTS_PER_READ = 300;

export function productNameRef(db: Firestore, nameKey: string) {
  return db.collection(COLLECTIONS.productNames).doc(keyId(nameKey));
}

export const toApiTimestamp = (t: Timestamp): ApiTimestamp => ({
  seconds: t.seconds,
  nanoseconds: t.nanoseconds,
});
export const timestampAt = (ms: number): Timestamp => Timestamp.fromMillis(ms);

export interface ProductDocument extends Omit<Product, 'createdAt' | 'updatedAt'> {
  /** The order names sort in (productNameKey). */
  nameKey: string;
  /**
   * What names are unique by (productNameSkeleton), and the id of its document in productNames;
   * name-keys-upgrade.ts gives older documents theirs.
   */
  nameSkeleton: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * A product document as an older shop wrote it: no options, variants or specs (the upgrade rewrites
 * it), nor a version; no gallery, tags or variant images (read as none until the product is written).
 */
type StoredProductDocument = Omit<
  ProductDocument,
  'options' | 'variants' | 'specs' | 'version' | 'images' | 'tags' | 'nameSkeleton'
> &
  Partial<Pick<ProductDocument, 'options' | 'specs' | 'version' | 'images' | 'tags' | 'nameSkeleton'>> & {
    variants?: StoredVariant[];
  };

/** The fields a product's state fills, derived price and stock included (kept for queries). */
function stateFields(state: ProductState) {
  return {
    ...state,
    name: trimProductName(state.name),
    nameKey: productNameKey(state.name),
    nameSkeleton: productNameSkeleton(state.name),
  };
}

export function newProductDocument(input: NewProduct, at: Timestamp, available = true): ProductDocument {
  const id = newId();
  const state = newProductState(input, variantIdsFor(id));
  return {
    id,
    ...stateFields({ ...state, available }),
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/** A product's version; documents written before versions existed count as 0. */
const versionOf = (doc: Pick<StoredProductDocument, 'version'>): number => doc.version ?? 0;

/** The only variant a product written before variants existed has: its id is the product's. */
function legacyVariant(doc: Pick<StoredProductDocument, 'id' | 'price' | 'stock'>): Variant {
  return {
    id: doc.id,
    sku: '',
    options: {},
    price: doc.price,
    compareAtPrice: null,
    stock: doc.stock ?? null,
    available: true,
    imgUrl: '',
  };
}

/** The document as today's shop writes it, whatever shop wrote it. */
export function currentDocument(doc: DocumentData): ProductDocument {
  const d = doc as StoredProductDocument;
  return {
    ...d,
    nameSkeleton: d.nameSkeleton ?? productNameSkeleton(d.name),
    options: d.options ?? [],
    variants: Array.isArray(d.variants) ? storedVariants(d.variants) : [legacyVariant(d)],
    specs: d.specs ?? {},
    images: d.images ?? [],
    tags: d.tags ?? [],
    version: versionOf(d),
  };
}

function toProductState(doc: ProductDocument): ProductState {
  const {
    id: _id,
    nameKey: _key,
    nameSkeleton: _skeleton,
    createdAt: _c,
    updatedAt: _u,
    version: _v,
    ...state
  } = doc;
  return state;
}

/** The document after a patch judged against it (patchedProductState), its version moved on. */
export function patchedDocument(
  current: ProductDocument,
  patch: ProductPatch,
  at: Timestamp,
): ProductDocument {
  const state = patchedProductState(toProductState(current), patch, () => newId());
  return { ...current, ...stateFields(state), updatedAt: at, version: current.version + 1 };
}

export function toProduct(doc: DocumentData): Product {
  // The document id is copied into `id`, so the document alone is the product.
  const { nameKey: _internal, nameSkeleton: _unique, createdAt, updatedAt, ...fields } = currentDocument(doc);
  return {
    ...fields,
    createdAt: toApiTimestamp(createdAt),
    updatedAt: toApiTimestamp(updatedAt),
  };
}

interface StoredOrderLine extends OrderLine {
  /** Whether this line took tracked stock, which a cancellation puts back. */
  stockReserved: boolean;
}

/** Lines stored before variants existed read as their product's only variant, whose id is the product's. */
export function storedLines(doc: Pick<OrderDocument, 'lines'>): StoredOrderLine[] {
  return doc.lines.map((line) => ({
    ...line,
    variantId: line.variantId ?? line.productId,
    sku: line.sku ?? '',
    options: line.options ?? {},
  }));
}

export interface OrderDocument {
  id: string;
  number: string;
  uid: string;
  email: string;
  lines: StoredOrderLine[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** Absent on orders placed before codes, rates and tax were kept. */
  discount?: Order['discount'];
  shipping?: Order['shipping'];
  taxCents?: number;
  tax?: Order['tax'];
  shippingAddress: ShippingAddress;
  status: OrderStatus;
  statusHistory: { status: OrderStatus; at: Timestamp; note: string; staffNote?: string }[];
  tracking: { carrier: string; number: string } | null;
  paymentProvider: PaymentProvider;
  paymentReference: string | null;
  /** When an unpaid bank-transfer order is cancelled; absent on card orders and older orders. */
  paymentDueAt?: Timestamp;
  idempotencyKey: string;
  /** SHA-256 of the request that placed the order (order-fingerprint.ts); absent on older orders. */
  requestFingerprint?: string;
  /** What the shopper attested at checkout; absent on orders placed before it was kept. */
  compliance?: Attested & { at: Timestamp };
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** What staff's search compares (orderSearchKey); older orders get them from order-search-keys-upgrade.ts. */
  numberKey?: string;
  emailKey?: string;
  nameKey?: string;
}

/** The search keys of an order (Firestore compares strings exactly, so they are stored). */
export const orderSearchKeys = (o: Pick<OrderDocument, 'number' | 'email' | 'shippingAddress'>) => ({
  numberKey: orderSearchKey(o.number),
  emailKey: orderSearchKey(o.email),
  nameKey: orderSearchKey(o.shippingAddress.fullName),
});

export function toOrder(doc: DocumentData): Order {
  const d = doc as OrderDocument;
  return {
    id: d.id,
    number: d.number,
    uid: d.uid,
    email: d.email,
    lines: storedLines(d).map(({ stockReserved: _internal, ...line }) => line),
    subtotalCents: d.subtotalCents,
    discount: d.discount ?? null,
    shippingCents: d.shippingCents,
    shipping: d.shipping ?? null,
    taxCents: d.taxCents ?? 0,
    tax: d.tax ?? null,
    totalCents: d.totalCents,
    shippingAddress: d.shippingAddress,
    status: d.status,
    statusHistory: d.statusHistory.map(({ status, at, note, staffNote }) => ({
      status,
      at: toApiTimestamp(at),
      note,
      ...(staffNote ? { staffNote } : {}),
    })),
    tracking: d.tracking,
    payment: {
      provider: d.paymentProvider,
      reference: d.paymentReference,
      ...(d.paymentDueAt ? { dueBy: toApiTimestamp(d.paymentDueAt) } : {}),
    },
    idempotencyKey: d.idempotencyKey,
    compliance: d.compliance ? { ...d.compliance, at: toApiTimestamp(d.compliance.at) } : null,
    createdAt: toApiTimestamp(d.createdAt),
    updatedAt: toApiTimestamp(d.updatedAt),
  };
}

/** The order's compliance field: the attested fields only, at the time the order is placed. */
export function storedCompliance(
  { adult, researchUse, minimumAge, termsVersion }: Attested,
  at: Timestamp,
): NonNullable<OrderDocument['compliance']> {
  return { adult, researchUse, minimumAge, termsVersion, at };
}

/** gRPC status codes Firestore answers with that the adapter turns into shop errors. */
export const GRPC = { NOT_FOUND: 5, ALREADY_EXISTS: 6, FAILED_PRECONDITION: 9 } as const;

export function hasGrpcCode(error: unknown, code: number): boolean {
  return (error as { code?: unknown } | null)?.code === code;
}
