import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../shared/api/errors.js';
import type { Discount, DiscountType } from '../../../shared/domain/discount.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { Field, inputClass } from '../ui/field.js';
import {
  type DiscountFieldErrors,
  type DiscountFormValues,
  discountFieldErrors,
  EMPTY_DISCOUNT_FORM,
  toDiscountInput,
} from './discount-form-values.js';

type TextField = Exclude<keyof DiscountFormValues, 'type' | 'oncePerCustomer'>;

const FIELDS: {
  key: TextField;
  label: string;
  hint?: string;
  type?: 'datetime-local';
  inputMode?: 'decimal' | 'numeric';
  multiline?: boolean;
}[] = [
  { key: 'code', label: 'Code', hint: '3 to 32 letters, digits, - or _; shoppers may type it in any case.' },
  { key: 'value', label: 'Value', hint: 'Percent off, or dollars off the order.', inputMode: 'decimal' },
  {
    key: 'productIds',
    label: 'Products (ids)',
    hint: 'Separated by commas or new lines; empty with no categories: every product.',
    multiline: true,
  },
  { key: 'categories', label: 'Categories', hint: 'Names separated by commas, e.g. Recovery, Nootropics.' },
  { key: 'startsAt', label: 'Starts (UTC)', type: 'datetime-local', hint: 'Empty: at once.' },
  { key: 'endsAt', label: 'Ends (UTC)', type: 'datetime-local', hint: 'Empty: never.' },
  { key: 'minSubtotal', label: 'Minimum subtotal (USD)', inputMode: 'decimal', hint: 'Empty: none.' },
  { key: 'usageLimit', label: 'Use limit', inputMode: 'numeric', hint: 'Orders in all; empty: no limit.' },
  { key: 'affiliate', label: 'Affiliate', hint: 'Whose code it is; empty: the shop’s own.' },
  {
    key: 'commissionPercent',
    label: 'Commission (%)',
    inputMode: 'decimal',
    hint: 'Of the revenue of orders with the code; 10% when left empty.',
  },
];

const TYPE_CHOICES = [
  ['percent', 'Percentage off'],
  ['amount', 'Amount off (USD)'],
] as const;

const fieldId = (key: string) => `discount-${key}`;

/** "New discount code": checked with the server's schema, then sent; the server's problems show under their fields. */
export function DiscountForm({ onCreated }: { onCreated(discount: Discount): Promise<void> }) {
  const [values, setValues] = useState(EMPTY_DISCOUNT_FORM);
  const [errors, setErrors] = useState<DiscountFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = toDiscountInput(values);
    if (checked.errors) return setErrors(checked.errors);
    setSaving(true);
    try {
      const { discount } = await adminApi.discounts.create(checked.input);
      setValues(EMPTY_DISCOUNT_FORM);
      setErrors({});
      toast.success(`Created discount code ${discount.code}`);
      await onCreated(discount);
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) setErrors(discountFieldErrors(err.fields));
      else setFormError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="new-discount-title"
      className="flex flex-col gap-4 rounded bg-white p-6 shadow-sm"
    >
      <h2 id="new-discount-title" className="text-lg font-semibold">
        New discount code
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Field id={fieldId('type')} label="Type" error={errors.type}>
          <select
            id={fieldId('type')}
            value={values.type}
            onChange={(e) => set('type', e.target.value as DiscountType)}
            className={inputClass}
          >
            {TYPE_CHOICES.map(([type, text]) => (
              <option key={type} value={type}>
                {text}
              </option>
            ))}
          </select>
        </Field>
        {FIELDS.map((f) => {
          const id = fieldId(f.key);
          const error = errors[f.key];
          const common = {
            id,
            value: values[f.key],
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            className: inputClass,
          };
          return (
            <Field key={f.key} id={id} label={f.label} error={error} {...(f.hint ? { hint: f.hint } : {})}>
              {f.multiline ? (
                <textarea {...common} rows={2} onChange={(e) => set(f.key, e.target.value)} />
              ) : (
                <input
                  {...common}
                  type={f.type ?? 'text'}
                  inputMode={f.inputMode}
                  autoComplete="off"
                  onChange={(e) => set(f.key, e.target.value)}
                />
              )}
            </Field>
          );
        })}
        <label className="flex items-center gap-2 self-center">
          <input
            type="checkbox"
            checked={values.oncePerCustomer}
            onChange={(e) => set('oncePerCustomer', e.target.checked)}
            className="h-5 w-5 accent-teal-700"
          />
          Once per customer
        </label>
      </div>
      {Object.values(errors).some(Boolean) && (
        <p role="alert" className="text-red-700">
          Nothing was saved: correct the fields marked in red.
        </p>
      )}
      {formError && (
        <p role="alert" className="text-red-700">
          {formError}
        </p>
      )}
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={saving}
          className="rounded bg-teal-700 px-4 py-2 text-white disabled:opacity-60"
        >
          {saving ? 'Creating…' : 'Create code'}
        </button>
      </div>
    </form>
  );
}
