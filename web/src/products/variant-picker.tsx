import type { Product } from '../../../shared/domain/product.js';
import type { Variant } from '../../../shared/domain/variant.js';
import { type OptionValueState, optionValueState } from './variant-choice.js';

const NOTE: Record<OptionValueState, string> = {
  buyable: '',
  'not-buyable': 'sold out',
  missing: 'not made',
};

/** One group of buttons per option; a value that cannot be bought or is not made is marked so. */
export function VariantPicker({
  product,
  chosen,
  onPick,
}: {
  product: Pick<Product, 'options' | 'variants'>;
  chosen: Variant;
  onPick: (name: string, value: string) => void;
}) {
  return (
    <>
      {product.options.map((option) => (
        <fieldset key={option.name} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {option.name}: <span className="font-normal">{chosen.options[option.name]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const state = optionValueState(product, chosen, option.name, value);
              const selected = chosen.options[option.name] === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={selected}
                  disabled={!product.variants.some((v) => v.options[option.name] === value)}
                  aria-label={NOTE[state] ? `${value} (${NOTE[state]})` : value}
                  onClick={() => onPick(option.name, value)}
                  className={`rounded border px-3 py-1.5 text-sm ${
                    selected
                      ? 'border-teal-700 bg-teal-700 text-white'
                      : 'border-slate-300 bg-white hover:border-teal-700 disabled:cursor-not-allowed'
                  } ${state === 'buyable' ? '' : 'text-slate-400 line-through'} ${selected && state !== 'buyable' ? 'text-teal-100' : ''}`}
                >
                  {value}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}
