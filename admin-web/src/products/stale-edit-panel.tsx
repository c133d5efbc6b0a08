import {
  changedFields,
  PRODUCT_FIELD_LABELS,
  PRODUCT_FIELDS,
  type ProductFormValues,
  shownValue,
} from './product-form-values.js';

/**
 * Shown when a save was refused because the product changed since the editor opened it (an order
 * took stock, another admin or the CLI edited it): each field that changed on either side, as it
 * was, as it is now and as the admin has it, and the two ways on.
 */
export function StaleEditPanel({
  opened,
  now,
  mine,
  onReload,
  onReapply,
}: {
  opened: ProductFormValues;
  now: ProductFormValues;
  mine: ProductFormValues;
  onReload(): void;
  onReapply(): void;
}) {
  const theirs = new Set(changedFields(opened, now));
  const yours = new Set(changedFields(opened, mine));
  const rows = PRODUCT_FIELDS.filter((field) => theirs.has(field) || yours.has(field));
  return (
    <section
      role="alert"
      aria-labelledby="stale-edit-title"
      className="flex flex-col gap-3 rounded border border-amber-400 bg-amber-50 p-4"
    >
      <h2 id="stale-edit-title" className="font-semibold">
        This product was changed since you opened it; nothing was saved
      </h2>
      <table className="w-full text-left text-sm" aria-label="Changes since you opened the product">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">When you opened it</th>
            <th scope="col">Now</th>
            <th scope="col">Yours</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((field) => (
            <tr key={field} data-field={field}>
              <th scope="row">{PRODUCT_FIELD_LABELS[field]}</th>
              <td>{shownValue(opened, field)}</td>
              <td className={theirs.has(field) ? 'font-semibold' : undefined}>{shownValue(now, field)}</td>
              <td className={yours.has(field) ? 'font-semibold' : undefined}>
                {yours.has(field) ? shownValue(mine, field) : 'unchanged'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onReload} className="rounded border border-slate-400 px-3 py-1">
          Reload
        </button>
        <button type="button" onClick={onReapply} className="rounded bg-teal-700 px-3 py-1 text-white">
          Re-apply my changes
        </button>
      </div>
      <p className="text-sm text-slate-600">
        Reload shows the product as it is now and drops your edits. Re-apply my changes puts your edits onto
        the current version, for you to check and save.
      </p>
    </section>
  );
}
