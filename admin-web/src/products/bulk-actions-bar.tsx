import { useState } from 'react';
import toast from 'react-hot-toast';
import type { ProductBulkRequest, ProductBulkResult } from '../../../shared/api/product-bulk.js';
import type { Product } from '../../../shared/domain/product.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { ConfirmDialog } from '../../../shared/web/confirm-dialog.js';
import { inputClass } from '../ui/field.js';

/** One of the actions, without the ids it is applied to. */
type Action = ProductBulkRequest extends infer R
  ? R extends { ids: string[] }
    ? Omit<R, 'ids'>
    : never
  : never;

const counted = (n: number) => (n === 1 ? '1 product' : `${n} products`);
const DONE: Record<ProductBulkRequest['action'], string> = {
  'set-available': 'Changed availability of',
  'set-category': 'Set the category of',
  delete: 'Deleted',
};

/**
 * What can be done to the products selected in the list, each action one request: make them
 * available or unavailable, set their category, delete them (after asking). Products the server
 * could not change stay selected, listed with the reason.
 */
export function BulkActionsBar({
  selected,
  onSettled,
  onClear,
}: {
  selected: ReadonlyMap<string, Product>;
  /** After an action: the ids it changed (no longer selected), so the list can be read again. */
  onSettled(done: string[]): Promise<unknown>;
  onClear(): void;
}) {
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problems, setProblems] = useState<{ name: string; message: string }[]>([]);
  const n = selected.size;

  const run = async (action: Action) => {
    setBusy(true);
    setProblems([]);
    try {
      const { results } = await adminApi.products.bulk({
        ...action,
        ids: [...selected.keys()],
      } as ProductBulkRequest);
      const failed = results.filter((r): r is Extract<ProductBulkResult, { ok: false }> => !r.ok);
      const done = results.filter((r) => r.ok).map((r) => r.id);
      if (done.length > 0) toast.success(`${DONE[action.action]} ${counted(done.length)}`);
      if (failed.length > 0) {
        toast.error(`${counted(failed.length)} could not be changed`);
        setProblems(
          failed.map((f) => ({ name: selected.get(f.id)?.name ?? f.id, message: f.error.message })),
        );
      }
      await onSettled(done);
    } catch (err) {
      toast.error(`Nothing was changed: ${(err as Error).message}`);
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  if (n === 0 && problems.length === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded bg-slate-100 p-3 text-sm"
    >
      <span className="mr-2 font-medium">{counted(n)} selected</span>
      {([true, false] as const).map((available) => (
        <button
          key={String(available)}
          type="button"
          disabled={busy || n === 0}
          onClick={() => void run({ action: 'set-available', available })}
          className="rounded border bg-white px-2 py-1 disabled:opacity-50"
        >
          {available ? 'Make available' : 'Make unavailable'}
        </button>
      ))}
      <form
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          void run({ action: 'set-category', category });
        }}
      >
        <input
          aria-label="New category"
          placeholder="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          className={`${inputClass} py-1`}
        />
        <button
          type="submit"
          disabled={busy || n === 0}
          className="rounded border bg-white px-2 py-1 disabled:opacity-50"
        >
          Set category
        </button>
      </form>
      <button
        type="button"
        disabled={busy || n === 0}
        onClick={() => setConfirmDelete(true)}
        className="rounded border border-red-700 bg-white px-2 py-1 text-red-700 disabled:opacity-50"
      >
        Delete
      </button>
      <button type="button" onClick={onClear} className="ml-auto underline">
        Clear selection
      </button>
      {problems.length > 0 && (
        <ul aria-label="Not changed" className="basis-full text-red-800">
          {problems.map((p) => (
            <li key={p.name}>
              “{p.name}”: {p.message}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${counted(n)}?`}
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void run({ action: 'delete' })}
        onCancel={() => setConfirmDelete(false)}
      >
        {[...selected.values()].map((p) => `“${p.name}”`).join(', ')} will be removed from the shop for good.
        Orders already placed keep their copy.
      </ConfirmDialog>
    </div>
  );
}
