import { NotFoundError } from '../../domain/errors.js';
import { type Lot, normalizeLotNumber } from '../../domain/lot.js';
import type { ImageStore } from '../images/port.js';
import type { Store } from '../store/port.js';

/** The error for a lot number no lot has: "Lot X not found". */
export const lotNotFound = (lotNumber: string) => new NotFoundError(`Lot ${normalizeLotNumber(lotNumber)}`);

/**
 * Deletes a lot and its certificate, unless another lot uses the same file (a COA may cover several
 * lots, or an import may have reused the URL). Throws NotFoundError for an unknown lot.
 */
export async function removeLot(
  { store, images }: { store: Pick<Store, 'lots'>; images: ImageStore },
  lotNumber: string,
): Promise<Lot> {
  const lot = await store.lots.get(normalizeLotNumber(lotNumber));
  if (!lot || !(await store.lots.delete(lot.lotNumber))) throw lotNotFound(lotNumber);
  const shared = (await store.lots.list()).some((other) => other.coaUrl === lot.coaUrl);
  if (!shared)
    await images
      .delete(lot.coaUrl)
      .catch((error) => console.error(`[lots] could not delete COA ${lot.coaUrl}:`, error));
  return lot;
}
