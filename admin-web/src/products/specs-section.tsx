import { SPEC_LABELS } from '../../../shared/domain/specs.js';
import { Field, inputClass } from '../ui/field.js';
import { type ProductFieldErrors, SPEC_KEYS, type SpecKey, type SpecValues } from './product-form-values.js';

const HINTS: Partial<Record<SpecKey, string>> = {
  casNumber: 'e.g. 137525-51-0; its last digit is checked.',
  molecularWeight: 'g/mol',
  purity: 'As published, e.g. ≥ 99% (HPLC); each lot has its measured purity.',
};

/** The product's published specification; every field may stay empty. */
export function SpecsSection({
  specs,
  errors,
  onChange,
}: {
  specs: SpecValues;
  errors: ProductFieldErrors;
  onChange(key: SpecKey, value: string): void;
}) {
  return (
    <section aria-labelledby="specs-title" className="flex flex-col gap-4 rounded bg-white p-6 shadow-sm">
      <h2 id="specs-title" className="text-lg font-semibold">
        Specifications
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {SPEC_KEYS.map((key) => {
          const id = `product-specs-${key}`;
          const error = errors[`specs.${key}`];
          const hint = HINTS[key];
          return (
            <div key={key} className={key === 'sequence' ? 'md:col-span-2' : undefined}>
              <Field id={id} label={SPEC_LABELS[key]} error={error} {...(hint ? { hint } : {})}>
                <input
                  id={id}
                  value={specs[key]}
                  inputMode={key === 'molecularWeight' ? 'decimal' : undefined}
                  onChange={(e) => onChange(key, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  className={inputClass}
                />
              </Field>
            </div>
          );
        })}
      </div>
    </section>
  );
}
