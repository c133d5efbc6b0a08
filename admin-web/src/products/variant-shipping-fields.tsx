import { MAX_TIERS } from '../../../shared/domain/variant-schema.js';
import { inputClass } from '../ui/field.js';
import { errorsUnder, type ProductFieldErrors } from './product-form-values.js';
import {
  type TierValues,
  type VariantValues,
  withTierAdded,
  withTierChanged,
  withTierRemoved,
} from './variant-rows.js';

export type ShippingField = 'weightGrams' | 'coldPack' | 'priceTiers';

const ErrorText = ({ id, message }: { id?: string; message: string | undefined }) =>
  message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;

/**
 * One size's weight in grams, whether it ships cold-packed, and its quantity prices (from N units,
 * P% off each; up to MAX_TIERS). `title` names the size in each label ('' for a product sold one way).
 */
export function VariantShippingFields({
  row,
  index,
  title,
  errors,
  onChange,
}: {
  row: Pick<VariantValues, ShippingField>;
  index: number;
  title: string;
  errors: ProductFieldErrors;
  onChange(key: ShippingField, value: string | boolean | TierValues[]): void;
}) {
  const of = title ? ` of ${title}` : '';
  const path = `variants.${index}`;
  const weightId = `product-variants-${index}-weightGrams`;
  const weightError = errors[`${path}.weightGrams`];
  const tiers = row.priceTiers;
  const setTiers = (next: TierValues[]) => onChange('priceTiers', next);
  const listErrors = errorsUnder(errors, `${path}.priceTiers`).filter(
    (m) => !tiers.some((_, j) => Object.values(fieldsOfTier(errors, path, j)).includes(m)),
  );
  return (
    <div className="flex flex-wrap items-start gap-6" data-shipping-of={title}>
      <div className="flex flex-col gap-1">
        <label htmlFor={weightId} className="text-sm font-medium">
          Weight (g){of}
        </label>
        <input
          id={weightId}
          inputMode="numeric"
          value={row.weightGrams}
          onChange={(e) => onChange('weightGrams', e.target.value)}
          placeholder="Not given"
          aria-invalid={weightError ? true : undefined}
          aria-describedby={weightError ? `${weightId}-error` : undefined}
          className={`${inputClass} w-28`}
        />
        <ErrorText id={`${weightId}-error`} message={weightError} />
      </div>
      <label className="flex items-center gap-2 self-center text-sm">
        <input
          type="checkbox"
          checked={row.coldPack}
          onChange={(e) => onChange('coldPack', e.target.checked)}
          className="h-5 w-5 accent-teal-700"
        />
        Cold pack{of}
      </label>
      <fieldset className="flex flex-col gap-1" aria-label={`Quantity prices${of}`}>
        <legend className="text-sm font-medium">Quantity prices{of}</legend>
        {tiers.length === 0 && <p className="text-sm text-slate-600">None: every unit at the price.</p>}
        {tiers.map((tier, j) => {
          const tierErrors = fieldsOfTier(errors, path, j);
          return (
            // Tiers are added at the end and removed by index; the index is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={j} className="flex flex-wrap items-center gap-2 text-sm">
              <span>From</span>
              <input
                inputMode="numeric"
                value={tier.minQuantity}
                onChange={(e) => setTiers(withTierChanged(tiers, j, { minQuantity: e.target.value }))}
                aria-label={`Tier ${j + 1}${of}: minimum quantity`}
                aria-invalid={tierErrors.minQuantity ? true : undefined}
                className={`${inputClass} w-20`}
              />
              <span>units,</span>
              <input
                inputMode="decimal"
                value={tier.percentOff}
                onChange={(e) => setTiers(withTierChanged(tiers, j, { percentOff: e.target.value }))}
                aria-label={`Tier ${j + 1}${of}: percent off`}
                aria-invalid={tierErrors.percentOff ? true : undefined}
                className={`${inputClass} w-20`}
              />
              <span>% off each</span>
              <button
                type="button"
                onClick={() => setTiers(withTierRemoved(tiers, j))}
                className="text-red-700 underline"
              >
                Remove tier {j + 1}
                {of}
              </button>
              <ErrorText message={tierErrors.minQuantity} />
              <ErrorText message={tierErrors.percentOff} />
            </div>
          );
        })}
        {listErrors.map((message) => (
          <ErrorText key={message} message={message} />
        ))}
        <button
          type="button"
          onClick={() => setTiers(withTierAdded(tiers))}
          disabled={tiers.length >= MAX_TIERS}
          className="self-start rounded border border-slate-400 px-2 py-0.5 text-sm disabled:opacity-50"
        >
          Add tier{of}
        </button>
      </fieldset>
    </div>
  );
}

function fieldsOfTier(errors: ProductFieldErrors, path: string, j: number) {
  return {
    minQuantity: errors[`${path}.priceTiers.${j}.minQuantity`],
    percentOff: errors[`${path}.priceTiers.${j}.percentOff`],
  };
}
