import { countryRules } from '../../../shared/domain/address-rules.js';
import { formatPrice } from '../../../shared/domain/money.js';
import { REST_OF_WORLD, type ShippingConfig } from '../../../shared/domain/shipping-rates.js';

type Rate = ShippingConfig['zones'][number]['rates'][number];

/** "United States (US)"; the rest-of-world mark as words. */
export const countryText = (code: string) =>
  code === REST_OF_WORLD ? 'Rest of the world' : `${countryRules(code)?.name ?? code} (${code})`;

export const BASIS_TEXT: Record<Rate['basis'], string> = {
  flat: 'Flat',
  weight: 'By weight',
  subtotal: 'By subtotal',
};

/** A bound of a rate as its basis measures it: grams or dollars; none for a flat rate. */
export function boundText(rate: Pick<Rate, 'basis'>, bound: number | null): string {
  if (rate.basis === 'flat') return '—';
  if (bound === null) return 'No limit';
  return rate.basis === 'weight' ? `${bound.toLocaleString('en-US')} g` : formatPrice(bound);
}
