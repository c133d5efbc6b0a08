import {
  type DiscountType,
  type NewDiscountInput,
  newDiscountSchema,
} from '../../../shared/domain/discount.js';
import type { FieldIssue } from '../../../shared/domain/errors.js';

/** The new-code form as typed; numbers and lists stay text until sent. */
export interface DiscountFormValues {
  code: string;
  type: DiscountType;
  value: string;
  /** Product ids separated by commas, spaces or new lines. */
  productIds: string;
  /** Category names separated by commas. */
  categories: string;
  /** `datetime-local` values, read as UTC. */
  startsAt: string;
  endsAt: string;
  minSubtotal: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  affiliate: string;
  commissionPercent: string;
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = {
  code: '',
  type: 'percent',
  value: '',
  productIds: '',
  categories: '',
  startsAt: '',
  endsAt: '',
  minSubtotal: '',
  usageLimit: '',
  oncePerCustomer: false,
  affiliate: '',
  commissionPercent: '',
};

/** Problems by the form's field (the first segment of the API's path: `productIds.2` is `productIds`). */
export type DiscountFieldErrors = Partial<Record<keyof DiscountFormValues, string>>;

const list = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
const utcOrNull = (local: string) =>
  local === '' ? null : `${local.length === 16 ? `${local}:00` : local}Z`;

/** The form's values as the API takes them, unchecked. */
function rawDiscountInput(v: DiscountFormValues): NewDiscountInput {
  const affiliate = v.affiliate.trim();
  const commission = numberOrNull(v.commissionPercent);
  return {
    code: v.code,
    type: v.type,
    value: v.value.trim() === '' ? Number.NaN : Number(v.value.trim()),
    productIds: list(v.productIds, /[\s,]+/),
    categories: list(v.categories, /,/),
    startsAt: utcOrNull(v.startsAt),
    endsAt: utcOrNull(v.endsAt),
    minSubtotal: numberOrNull(v.minSubtotal),
    usageLimit: numberOrNull(v.usageLimit),
    oncePerCustomer: v.oncePerCustomer,
    affiliate: affiliate === '' ? null : affiliate,
    ...(commission === null ? {} : { commissionPercent: commission }),
  };
}

export function discountFieldErrors(issues: readonly FieldIssue[]): DiscountFieldErrors {
  const errors: DiscountFieldErrors = {};
  for (const { field, message } of issues) {
    const key = (field.split('.')[0] || 'code') as keyof DiscountFormValues;
    errors[key] ??= message;
  }
  return errors;
}

/** Checks the form with the server's own schema; the input to send, or the errors by field. */
export function toDiscountInput(
  values: DiscountFormValues,
): { input: NewDiscountInput; errors: null } | { input: null; errors: DiscountFieldErrors } {
  const input = rawDiscountInput(values);
  const result = newDiscountSchema.safeParse(input);
  if (result.success) return { input, errors: null };
  return {
    input: null,
    errors: discountFieldErrors(
      result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    ),
  };
}
