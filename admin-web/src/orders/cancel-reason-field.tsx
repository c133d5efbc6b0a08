import { inputClass } from '../ui/field.js';

/** Staff's reason for a cancellation: kept in the order's history and written in the shopper's e-mail. */
const CANCEL_REASON_MAX = 300;

export function CancelReasonField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className="mt-3 flex flex-col text-sm">
      Reason (the customer reads it)
      <textarea
        value={value}
        maxLength={CANCEL_REASON_MAX}
        rows={2}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </label>
  );
}
