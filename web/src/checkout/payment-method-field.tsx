import type { PaymentProvider } from '../../../shared/domain/order.js';
import { FieldError } from '../forms/form-controls.js';

const LABELS: Record<PaymentProvider, { title: string; detail: string }> = {
  manual: {
    title: 'Bank transfer',
    detail: 'We email the bank details; your order ships once payment arrives.',
  },
  stripe: { title: 'Card', detail: 'Pay securely with Stripe; you return here once paid.' },
};

export function PaymentMethodField({
  methods,
  value,
  onChange,
  error,
}: {
  methods: readonly PaymentProvider[];
  value: PaymentProvider | null;
  onChange: (method: PaymentProvider) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold text-slate-900">Payment method</legend>
      {methods.map((method) => (
        <label
          key={method}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50"
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            aria-invalid={error ? true : undefined}
            className="mt-1"
          />
          <span>
            <span className="block font-medium text-slate-900">{LABELS[method].title}</span>
            <span className="block text-sm text-slate-600">{LABELS[method].detail}</span>
          </span>
        </label>
      ))}
      {error && <FieldError id="paymentMethod-error">{error}</FieldError>}
    </fieldset>
  );
}
