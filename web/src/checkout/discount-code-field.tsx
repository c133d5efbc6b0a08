import { type KeyboardEvent, useId, useState } from 'react';
import { FieldError } from '../forms/form-controls.js';

/**
 * The discount code box: Apply asks for a new quote with the code; the server's reason for refusing it shows
 * under the field; an accepted code shows as applied with a Remove link.
 */
export function DiscountCodeField({
  applied,
  refusal,
  busy,
  onApply,
  onRemove,
}: {
  /** The code the quote accepted, or null. */
  applied: string | null;
  /** Why the server refused the code last applied. */
  refusal: string | undefined;
  /** The quote with the code is being asked for. */
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const apply = () => {
    const code = typed.trim().toUpperCase();
    if (code) onApply(code);
  };
  // Enter in this box applies the code; it must not place the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  const noteId = `${id}-note`;
  const note = refusal && (
    <span role="alert">
      <FieldError id={noteId}>{refusal}</FieldError>
    </span>
  );
  // The checkout may still refuse an applied code (one use per shopper is judged there).
  if (applied)
    return (
      <div className="flex flex-col gap-1 text-sm text-slate-700">
        <p className="flex flex-wrap items-center gap-2" data-testid="discount-applied">
          <span>
            Code <strong>{applied}</strong> applied
          </span>
          <button type="button" className="text-teal-800 underline" onClick={onRemove}>
            Remove
          </button>
        </p>
        {note}
      </div>
    );
  return (
    <div className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      <label htmlFor={id}>Discount code</label>
      <div className="flex gap-2">
        <input
          id={id}
          name="discountCode"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? noteId : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-base font-normal uppercase text-slate-900 aria-[invalid]:border-red-600"
        />
        <button
          type="button"
          onClick={apply}
          disabled={busy || typed.trim() === ''}
          className="rounded-md border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-50"
        >
          Apply
        </button>
      </div>
      {note}
    </div>
  );
}
