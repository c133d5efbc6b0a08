import type { Discount } from '../shared/domain/discount.js';
import { formatPrice } from '../shared/domain/money.js';
import type { Cell } from './text-table.js';

/** "15% off", "$5.00 off". */
export const discountValue = (d: Pick<Discount, 'type' | 'value'>) =>
  d.type === 'percent' ? `${d.value}% off` : `${formatPrice(d.value)} off`;

/** What a code takes money off: everything, or its products (ids) and categories. */
function appliesTo(d: Discount): string {
  const parts = [
    ...(d.productIds.length > 0 ? [`products ${d.productIds.join(', ')}`] : []),
    ...(d.categories.length > 0 ? [`categories ${d.categories.join(', ')}`] : []),
  ];
  return parts.length === 0 ? 'everything' : parts.join('\n');
}

function dates(d: Discount): string {
  if (d.startsAt && d.endsAt) return `from ${d.startsAt}\nuntil ${d.endsAt}`;
  if (d.startsAt) return `from ${d.startsAt}`;
  if (d.endsAt) return `until ${d.endsAt}`;
  return 'any time';
}

export const DISCOUNT_TABLE_HEAD = [
  'code',
  'value',
  'applies to',
  'dates',
  'min subtotal',
  'uses/limit',
  'once per customer',
  'affiliate',
  'active',
];

export const discountRow = (d: Discount): Cell[] => [
  d.code,
  discountValue(d),
  appliesTo(d),
  dates(d),
  d.minSubtotal === null ? '—' : formatPrice(d.minSubtotal),
  `${d.uses}/${d.usageLimit ?? '∞'}`,
  d.oncePerCustomer ? 'yes' : 'no',
  d.affiliate === null ? '—' : `${d.affiliate} (${d.commissionPercent}%)`,
  d.active ? 'yes' : 'no',
];
