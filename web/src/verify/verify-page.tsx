import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { normalizeLotNumber } from '../../../shared/domain/lot.js';
import { variantTitle } from '../../../shared/domain/variant.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { productHref } from '../catalogue/product-href.js';
import { ProductImage } from '../catalogue/product-image.js';
import { LoadFailed } from '../layout/load-failed.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { useLot } from './use-lot.js';

const LOT_PARAM = 'lot';

/** /verify: anyone holding a vial looks its lot up by the number printed on it. */
export function VerifyPage() {
  usePageTitle('Verify a lot');
  const [params, setParams] = useSearchParams();
  const lotNumber = normalizeLotNumber(params.get(LOT_PARAM) ?? '');
  const [typed, setTyped] = useState(lotNumber);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = normalizeLotNumber(typed);
    setParams(next ? { [LOT_PARAM]: next } : {});
  };
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Verify a lot</h1>
      <p className="text-slate-600">
        Enter the lot number printed on your vial to see its test results and certificate of analysis.
      </p>
      <form onSubmit={submit} aria-label="Find a lot" className="flex items-end gap-3">
        <label className="flex flex-1 flex-col text-sm">
          Lot number
          <input
            name={LOT_PARAM}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            className="rounded border border-slate-300 px-2 py-1.5 uppercase"
          />
        </label>
        <button
          type="submit"
          className="rounded bg-teal-700 px-5 py-2 font-medium text-white hover:bg-teal-800"
        >
          Verify
        </button>
      </form>
      {lotNumber && <LotResult lotNumber={lotNumber} />}
    </div>
  );
}

function LotResult({ lotNumber }: { lotNumber: string }) {
  const { data, error, mutate } = useLot(lotNumber);
  if (error) return <LoadFailed what="The lot" onRetry={() => void mutate()} />;
  if (data === undefined) return <Spinner />;
  if (data === null)
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-300">
        No lot {lotNumber}. Check the number on the vial's label; if it is right, please contact us.
      </p>
    );
  const { lot, product, variant } = data;
  const size = variant ? variantTitle(variant) : '';
  return (
    <section
      aria-label={`Lot ${lot.lotNumber}`}
      className="flex flex-col gap-4 rounded-lg bg-white p-5 ring-1 ring-slate-200 sm:flex-row"
    >
      <ProductImage src={product.imgUrl} alt={product.name} size={120} />
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold">Lot {lot.lotNumber}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Product</dt>
          <dd>
            <Link to={productHref(product.id, variant?.id)} className="text-teal-700 hover:underline">
              {product.name}
            </Link>
          </dd>
          {size && (
            <>
              <dt className="text-slate-600">Size</dt>
              <dd>{size}</dd>
            </>
          )}
          {variant?.sku && (
            <>
              <dt className="text-slate-600">SKU</dt>
              <dd>{variant.sku}</dd>
            </>
          )}
          <dt className="text-slate-600">Tested</dt>
          <dd>{lot.testedAt}</dd>
          <dt className="text-slate-600">Purity</dt>
          <dd>{lot.purity}%</dd>
        </dl>
        <a href={lot.coaUrl} target="_blank" rel="noopener" className="text-teal-700 underline">
          Certificate of analysis (PDF)
        </a>
      </div>
    </section>
  );
}
