import { currentLot } from '../../../shared/domain/lot.js';
import { useProductLots } from './use-product-lots.js';

/** The chosen variant's most recently tested lot: number, purity, test date and its COA. */
export function CurrentLot({ productId, variantId }: { productId: string; variantId: string }) {
  const { data: lots } = useProductLots(productId);
  const lot = lots && currentLot(lots, variantId);
  if (!lot) return null;
  return (
    <section
      aria-labelledby="lot-heading"
      className="flex flex-col gap-1 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200"
    >
      <h2 id="lot-heading" className="font-semibold text-slate-900">
        Current lot {lot.lotNumber}
      </h2>
      <p className="text-slate-700">
        Purity {lot.purity}% · tested {lot.testedAt}
      </p>
      <a href={lot.coaUrl} target="_blank" rel="noopener" className="text-teal-700 underline">
        Certificate of analysis (PDF)
      </a>
    </section>
  );
}
