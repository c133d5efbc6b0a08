import type { QuoteResponse } from '../../../shared/api/client.js';
import { formatCents } from '../../../shared/domain/money.js';
import { FieldError } from '../forms/form-controls.js';

type ShippingOption = QuoteResponse['shippingOptions'][number];

/** The rates the quote offers for the address, as radios with their prices; the quote's choice is checked. */
export function ShippingOptionsField({
  options,
  chosen,
  addressKnown,
  error,
  onChoose,
}: {
  options: readonly ShippingOption[];
  chosen: string | null;
  /** False until the address says where it ships: the options are then not known. */
  addressKnown: boolean;
  error: string | undefined;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid="shipping-options">
      <legend className="mb-2 text-lg font-semibold text-slate-900">Shipping</legend>
      {!addressKnown ? (
        <p className="text-sm text-slate-600">Enter your address to see the shipping options.</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-slate-600">No shipping option for this address.</p>
      ) : (
        options.map((option) => (
          <label
            key={option.id}
            className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 text-slate-800 has-[:checked]:border-teal-600"
          >
            <input
              type="radio"
              name="shippingOptionId"
              value={option.id}
              checked={option.id === chosen}
              onChange={() => onChoose(option.id)}
            />
            <span className="flex-1">{option.label}</span>
            <span className="font-medium">
              {option.amountCents === 0 ? 'Free' : formatCents(option.amountCents)}
            </span>
          </label>
        ))
      )}
      {error && <FieldError>{error}</FieldError>}
    </fieldset>
  );
}
