import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import { MAX_COA_BYTES } from '../../../shared/domain/constants.js';
import type { Lot } from '../../../shared/domain/lot.js';
import { lotNumberSchema, puritySchema, testedAtSchema } from '../../../shared/domain/lot-schema.js';
import type { Product } from '../../../shared/domain/product.js';
import { type Variant, variantTitle } from '../../../shared/domain/variant.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { ConfirmDialog } from '../../../shared/web/confirm-dialog.js';
import { cacheKeys } from '../cache-keys.js';
import { Field, inputClass } from '../ui/field.js';

const LOT_FIELDS = ['variantId', 'lotNumber', 'testedAt', 'purity', 'coa'] as const;
type LotField = (typeof LOT_FIELDS)[number];
type LotErrors = Partial<Record<LotField, string>>;

const variantLabel = (v: Variant) => [variantTitle(v) || 'Only variant', v.sku].filter(Boolean).join(' · ');

const today = () => new Date().toISOString().slice(0, 10);

/** What the browser can judge before uploading, with the server's own schemas; the server checks again. */
function lotErrors(
  draft: { lotNumber: string; testedAt: string; purity: string },
  coa: File | null,
): LotErrors {
  const errors: LotErrors = {};
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? undefined : result.error?.issues[0]?.message;
  errors.lotNumber = first(lotNumberSchema.safeParse(draft.lotNumber));
  errors.testedAt = first(testedAtSchema.safeParse(draft.testedAt));
  const purity = draft.purity.trim() === '' ? Number.NaN : Number(draft.purity);
  errors.purity = first(puritySchema.safeParse(purity));
  if (!coa) errors.coa = 'Choose the certificate of analysis (a PDF)';
  else if (coa.size > MAX_COA_BYTES)
    errors.coa = `The PDF is larger than ${Math.round(MAX_COA_BYTES / 1024 / 1024)} MB`;
  for (const key of Object.keys(errors) as LotField[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** The product's lots with their certificates: listed newest test first, added with a COA PDF, deleted. */
export function LotsSection({ product }: { product: Pick<Product, 'id' | 'name' | 'variants'> }) {
  const key = cacheKeys.lots(product.id);
  const { data, error, mutate } = useSWR(key, async () => (await adminApi.lots.list(product.id)).lots);
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? '');
  const [draft, setDraft] = useState({ lotNumber: '', testedAt: today(), purity: '' });
  const [coa, setCoa] = useState<File | null>(null);
  const [errors, setErrors] = useState<LotErrors>({});
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Lot | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const several = product.variants.length > 1;

  const variantOf = (lot: Lot) => product.variants.find((v) => v.id === lot.variantId);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const found = lotErrors(draft, coa);
    if (Object.keys(found).length > 0 || !coa) return setErrors(found);
    setAdding(true);
    try {
      const { lot } = await adminApi.lots.add(
        {
          lotNumber: draft.lotNumber,
          productId: product.id,
          ...(variantId ? { variantId } : {}),
          testedAt: draft.testedAt,
          purity: Number(draft.purity),
        },
        coa,
        coa.name,
      );
      toast.success(`Added lot ${lot.lotNumber}`);
      setDraft({ lotNumber: '', testedAt: today(), purity: '' });
      setCoa(null);
      if (fileInput.current) fileInput.current.value = '';
      setErrors({});
      await mutate();
    } catch (err) {
      const shown =
        err instanceof ApiError ? err.fields.filter((f) => LOT_FIELDS.includes(f.field as LotField)) : [];
      if (shown.length > 0) {
        const byField: LotErrors = {};
        for (const f of shown) byField[f.field as LotField] ??= f.message;
        setErrors(byField);
      } else if (err instanceof ApiError && err.code === 'duplicate-lot')
        setErrors({ lotNumber: err.message });
      else if (err instanceof ApiError && ['too-large', 'unsupported-media-type'].includes(err.code))
        setErrors({ coa: err.message });
      else toast.error(`Could not add the lot: ${(err as Error).message}`);
    } finally {
      setAdding(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await adminApi.lots.remove(deleting.lotNumber);
      toast.success(`Deleted lot ${deleting.lotNumber}`);
      setDeleting(null);
      await mutate();
    } catch (err) {
      toast.error(`Could not delete lot ${deleting.lotNumber}: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const input = (field: 'lotNumber' | 'testedAt' | 'purity', label: string, type = 'text', hint?: string) => {
    const id = `lot-${field}`;
    return (
      <Field id={id} label={label} error={errors[field]} {...(hint ? { hint } : {})}>
        <input
          id={id}
          type={type}
          value={draft[field]}
          inputMode={field === 'purity' ? 'decimal' : undefined}
          onChange={(e) => {
            setDraft((d) => ({ ...d, [field]: e.target.value }));
            setErrors((x) => ({ ...x, [field]: undefined }));
          }}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? `${id}-error` : undefined}
          className={inputClass}
        />
      </Field>
    );
  };

  return (
    <section aria-labelledby="lots-title" className="mt-6 flex flex-col gap-4 rounded bg-white p-6 shadow-sm">
      <h2 id="lots-title" className="text-lg font-semibold">
        Lots and certificates of analysis
      </h2>
      {error && !data ? (
        <p role="alert">Cannot load the lots: {(error as Error).message}</p>
      ) : !data ? (
        <p>Loading lots…</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600">No lots recorded yet.</p>
      ) : (
        <table className="w-full text-left text-sm" aria-label="Lots">
          <thead>
            <tr>
              <th scope="col">Lot</th>
              <th scope="col">Variant</th>
              <th scope="col">Tested</th>
              <th scope="col" className="text-right">
                Purity
              </th>
              <th scope="col">COA</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((lot) => {
              const variant = variantOf(lot);
              return (
                <tr key={lot.lotNumber} data-lot={lot.lotNumber} className="border-t">
                  <td className="py-1 font-mono">{lot.lotNumber}</td>
                  <td>{variant ? variantLabel(variant) : '(removed variant)'}</td>
                  <td>{lot.testedAt}</td>
                  <td className="text-right">{lot.purity}%</td>
                  <td>
                    <a href={lot.coaUrl} target="_blank" rel="noreferrer" className="text-teal-800 underline">
                      COA PDF<span className="sr-only"> of lot {lot.lotNumber}</span>
                    </a>
                  </td>
                  <td className="text-right">
                    <button
                      type="button"
                      onClick={() => setDeleting(lot)}
                      aria-label={`Delete lot ${lot.lotNumber}`}
                      className="rounded px-2 py-1 text-red-700 hover:bg-red-50"
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <form
        onSubmit={add}
        noValidate
        aria-label="Add a lot"
        className="grid grid-cols-1 gap-4 border-t pt-4 md:grid-cols-2"
      >
        <h3 className="font-medium md:col-span-2">Add a lot</h3>
        {several && (
          <Field id="lot-variantId" label="Variant" error={errors.variantId}>
            <select
              id="lot-variantId"
              value={variantId}
              onChange={(e) => setVariantId(e.target.value)}
              className={inputClass}
            >
              {product.variants.map((v) => (
                <option key={v.id} value={v.id}>
                  {variantLabel(v)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {input('lotNumber', 'Lot number', 'text', 'As printed on the vial, e.g. BPC-2611-A')}
        {input('testedAt', 'Tested on', 'date')}
        {input('purity', 'Measured purity (%)')}
        <Field id="lot-coa" label="Certificate of analysis (PDF)" error={errors.coa}>
          <input
            id="lot-coa"
            ref={fileInput}
            type="file"
            accept="application/pdf,.pdf"
            onChange={(e) => {
              setCoa(e.target.files?.[0] ?? null);
              setErrors((x) => ({ ...x, coa: undefined }));
            }}
            aria-invalid={errors.coa ? true : undefined}
            aria-describedby={errors.coa ? 'lot-coa-error' : undefined}
          />
        </Field>
        <div className="md:col-span-2">
          <button
            type="submit"
            disabled={adding}
            className="rounded bg-teal-700 px-4 py-2 text-white disabled:opacity-60"
          >
            {adding ? 'Uploading…' : 'Add lot'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete lot ${deleting?.lotNumber ?? ''}?`}
        confirmLabel="Delete lot"
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        Lot {deleting?.lotNumber} and its certificate will no longer be shown to shoppers, and a vial with
        this number can no longer be verified.
      </ConfirmDialog>
    </section>
  );
}
