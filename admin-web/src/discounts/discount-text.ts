import type { Discount } from '../../../shared/domain/discount.js';
import { formatPrice } from '../../../shared/domain/money.js';

/** What a code takes off: "15%" or "$10.00 off". */
export const discountValueText = (d: Pick<Discount, 'type' | 'value'>) =>
  d.type === 'percent' ? `${d.value}%` : `${formatPrice(d.value)} off`;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Which lines a code applies to: every product, or its products and categories. */
export function appliesToText(d: Pick<Discount, 'productIds' | 'categories'>): string {
  const parts: string[] = [];
  if (d.productIds.length > 0) parts.push(count(d.productIds.length, 'product', 'products'));
  if (d.categories.length > 0) parts.push(`${d.categories.join(', ')}`);
  return parts.length === 0 ? 'All products' : parts.join(' and ');
}

/** An instant as staff set it, in UTC: "2026-12-01 00:00 UTC". */
const utcText = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** When a code can be used: "Any time", "From …", "Until …" or "… to …". */
export function datesText(d: Pick<Discount, 'startsAt' | 'endsAt'>): string {
  if (d.startsAt && d.endsAt) return `${utcText(d.startsAt)} to ${utcText(d.endsAt)}`;
  if (d.startsAt) return `From ${utcText(d.startsAt)}`;
  if (d.endsAt) return `Until ${utcText(d.endsAt)}`;
  return 'Any time';
}

/** Uses so far against the limit: "3 / 10", or "3 (no limit)". */
export const usesText = (d: Pick<Discount, 'uses' | 'usageLimit'>) =>
  d.usageLimit === null ? `${d.uses} (no limit)` : `${d.uses} / ${d.usageLimit}`;

/** The affiliate a code belongs to, with the commission they earn: "Dr Lee (12%)", or "—". */
export const affiliateText = (d: Pick<Discount, 'affiliate' | 'commissionPercent'>) =>
  d.affiliate ? `${d.affiliate} (${d.commissionPercent}%)` : '—';
