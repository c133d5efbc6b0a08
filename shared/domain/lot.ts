import type { Timestamp } from './timestamp.js';

/** Zod-free: the /verify page uses these; the schema is in lot-schema.ts. */

/**
 * One production lot of a variant, as printed on its vials, with the certificate of analysis (COA)
 * of its test. Public: anyone holding a vial may look it up by number.
 */
export interface Lot {
  /** As printed, upper-cased; unique shop-wide. */
  lotNumber: string;
  productId: string;
  variantId: string;
  /** Day of the test, `YYYY-MM-DD`. */
  testedAt: string;
  /** Measured purity in percent, e.g. 99.2. */
  purity: number;
  /** The COA PDF: one of the shop's own file paths, or an https URL. */
  coaUrl: string;
  createdAt: Timestamp;
}

/** How lot numbers are compared and stored: trimmed and upper-cased, as vials print them. */
export function normalizeLotNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** The lot a product page shows for a variant: the most recently tested one. */
export function currentLot<L extends Pick<Lot, 'variantId' | 'testedAt' | 'createdAt'>>(
  lots: readonly L[],
  variantId: string,
): L | undefined {
  let best: L | undefined;
  for (const lot of lots) {
    if (lot.variantId !== variantId) continue;
    if (
      !best ||
      lot.testedAt > best.testedAt ||
      (lot.testedAt === best.testedAt && lot.createdAt.seconds > best.createdAt.seconds)
    )
      best = lot;
  }
  return best;
}
