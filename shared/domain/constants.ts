/**
 * Internal store name; also names the browser storage entry for the cart.
 * @internal
 */
export const STORE_NAME = 'HelixPeptides';
export const STORE_DISPLAY_NAME = 'Helix Peptides';
export const COMPANY_NAME = 'Helix Research Supply LLC';
export const CART_STORAGE_KEY = `${STORE_NAME}Cart`;

export const SUPPORT_EMAIL = 'support@helixpeptides.example';
export const SUPPORT_PHONE = '6175550142';
export const STORE_ADDRESS = {
  street: '200 Innovation Way, Suite 4',
  city: 'Cambridge',
  state: 'MA',
  postalCode: '02139',
  country: 'US',
} as const;

export const STOREFRONT_PAGE_SIZE = 6;
export const ADMIN_PAGE_SIZE = 10;

/** Toast lifetimes in milliseconds; loading toasts stay until dismissed. */
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;
/** @internal */
export const TOAST_LIMIT = 20;
export const TOAST_POSITION = 'bottom-center';

export const SWIPE_DRAWER = { swipeAreaWidthPx: 20, hysteresis: 0.52, minFlingVelocity: 450 } as const;

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_LABEL_MAX_LENGTH = 60;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 20_000;
export const PRODUCT_MAX_PRICE = 1_000_000;
export const PRODUCT_MAX_STOCK = 1_000_000;

export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 99;
/** Flat shipping rate, waived from the threshold up (both in cents). */
export const FLAT_SHIPPING_CENTS = 1_500;
export const FREE_SHIPPING_THRESHOLD_CENTS = 20_000;
/**
 * The payment deadline of bank-transfer orders placed before the hold was a setting (unpaid-orders.ts
 * holds it now): such an order unpaid after this many days is cancelled and its stock goes back on sale.
 */
export const BANK_TRANSFER_DAYS = 7;
/** Working days within which a paid order leaves the warehouse: what the shop promises (not enforced by code). */
export const DISPATCH_WORKING_DAYS = 2;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/** A certificate of analysis (PDF) as uploaded for a lot. */
export const MAX_COA_BYTES = 10 * 1024 * 1024;
