import { Fragment, type KeyboardEvent, useState } from 'react';
import { MAX_OPTIONS } from '../../../shared/domain/variant.js';
import { Field, inputClass } from '../ui/field.js';
import { errorsUnder, imageName, type ProductFieldErrors } from './product-form-values.js';
import {
  addOption,
  addOptionValue,
  addVariant,
  isSingle,
  missingCombinations,
  removeOption,
  removeOptionValue,
  removeVariant,
  renameOption,
  rowTitle,
  type TierValues,
  type VariantSet,
  type VariantValues,
} from './variant-rows.js';
import { type ShippingField, VariantShippingFields } from './variant-shipping-fields.js';

type RowField = 'sku' | 'price' | 'compareAtPrice' | 'stock';

const COLUMNS: { key: RowField; label: string; inputMode: 'text' | 'decimal' | 'numeric'; hint?: string }[] =
  [
    { key: 'sku', label: 'SKU', inputMode: 'text' },
    { key: 'price', label: 'Price (USD)', inputMode: 'decimal' },
    {
      key: 'compareAtPrice',
      label: 'Compare-at price (USD)',
      inputMode: 'decimal',
      hint: 'The “was” price; optional.',
    },
    { key: 'stock', label: 'Stock', inputMode: 'numeric', hint: 'Leave empty when stock is not tracked.' },
  ];

interface VariantsProps {
  set: VariantSet;
  /** The product's images (main first), which a variant may show. */
  images: string[];
  errors: ProductFieldErrors;
  onChange(next: VariantSet): void;
  onRow(
    row: number,
    key: RowField | 'available' | 'imgUrl' | ShippingField,
    value: string | boolean | TierValues[],
  ): void;
}

const fieldId = (row: number, key: string) => `product-variants-${row}-${key}`;

/**
 * Options (e.g. Size: 5 mg, 10 mg) and the variant rows that follow them: one per combination,
 * each with its SKU, price, compare-at price, stock and availability, and under it its weight, cold
 * pack and quantity prices. A product without options has one row, shown as plain fields.
 */
export function VariantsSection({ set, images, errors, onChange, onRow }: VariantsProps) {
  const single = isSingle(set);
  const missing = missingCombinations(set);
  return (
    <section aria-labelledby="variants-title" className="flex flex-col gap-4 rounded bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="variants-title" className="mr-auto text-lg font-semibold">
          Options and variants
        </h2>
        <button
          type="button"
          onClick={() => onChange(addOption(set, set.options.length === 0 ? 'Size' : ''))}
          disabled={set.options.length >= MAX_OPTIONS}
          className="rounded border border-teal-700 px-3 py-1 text-teal-800 disabled:opacity-50"
        >
          Add option
        </button>
      </div>
      {set.options.length === 0 && (
        <p className="text-sm text-slate-600">
          Sold one way. Add an option (e.g. Size) to sell it in several sizes, each with its own SKU, price
          and stock.
        </p>
      )}
      {set.options.map((option, i) => (
        <OptionEditor
          // Options are only added at the end and removed by index; the index is their identity here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          index={i}
          name={option.name}
          values={option.values}
          errors={errors}
          onRename={(name) => onChange(renameOption(set, i, name))}
          onAddValue={(value) => onChange(addOptionValue(set, i, value))}
          onRemoveValue={(value) => onChange(removeOptionValue(set, i, value))}
          onRemove={() => onChange(removeOption(set, i))}
        />
      ))}
      {errors.options && <p className="text-sm text-red-700">{errors.options}</p>}
      {single ? (
        <SingleVariantFields row={set.variants[0]!} errors={errors} onRow={onRow} />
      ) : (
        <VariantTable set={set} images={images} errors={errors} onChange={onChange} onRow={onRow} />
      )}
      {errors.variants && <p className="text-sm text-red-700">{errors.variants}</p>}
      {missing.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>Not sold:</span>
          {missing.map((choice) => (
            <button
              key={choice.join('/')}
              type="button"
              onClick={() => onChange(addVariant(set, choice))}
              className="rounded border border-slate-400 px-2 py-0.5"
            >
              Add {choice.join(' / ')}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function OptionEditor({
  index,
  name,
  values,
  errors,
  onRename,
  onAddValue,
  onRemoveValue,
  onRemove,
}: {
  index: number;
  name: string;
  values: string[];
  errors: ProductFieldErrors;
  onRename(name: string): void;
  onAddValue(value: string): void;
  onRemoveValue(value: string): void;
  onRemove(): void;
}) {
  const [draft, setDraft] = useState('');
  const label = name.trim() || `option ${index + 1}`;
  const add = () => {
    if (!draft.trim()) return;
    onAddValue(draft);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  const nameId = `product-options-${index}-name`;
  const valueErrors = errorsUnder(errors, `options.${index}.values`);
  return (
    <fieldset
      className="flex flex-col gap-2 rounded border border-slate-200 p-3"
      aria-label={`Option ${index + 1}`}
    >
      <div className="flex flex-wrap items-end gap-3">
        <Field id={nameId} label={`Option ${index + 1} name`} error={errors[`options.${index}.name`]}>
          <input
            id={nameId}
            value={name}
            onChange={(e) => onRename(e.target.value)}
            aria-invalid={errors[`options.${index}.name`] ? true : undefined}
            className={inputClass}
          />
        </Field>
        <button type="button" onClick={onRemove} className="mb-2 text-sm text-red-700 underline">
          Remove option {label}
        </button>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={`${label} values`}>
        {values.map((value) => (
          <li key={value} className="flex items-center gap-1 rounded-full bg-teal-50 px-3 py-1 text-sm">
            {value}
            <button
              type="button"
              onClick={() => onRemoveValue(value)}
              aria-label={`Remove ${label} ${value}`}
              className="text-slate-500 hover:text-red-700"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          aria-label={`New ${label} value`}
          placeholder={index === 0 ? 'e.g. 10 mg' : 'Value'}
          className={inputClass}
        />
        <button type="button" onClick={add} className="rounded border border-slate-400 px-3 py-1">
          Add value
        </button>
      </div>
      {valueErrors.map((message) => (
        <p key={message} className="text-sm text-red-700">
          {message}
        </p>
      ))}
    </fieldset>
  );
}

function SingleVariantFields({
  row,
  errors,
  onRow,
}: {
  row: VariantValues;
  errors: ProductFieldErrors;
  onRow: VariantsProps['onRow'];
}) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <label className="flex items-center gap-2 md:col-span-2">
        <input
          type="checkbox"
          checked={row.available}
          onChange={(e) => onRow(0, 'available', e.target.checked)}
          className="h-5 w-5 accent-teal-700"
        />
        Can be bought (switched off, the product stays listed as unavailable to buy)
      </label>
      {COLUMNS.map((c) => {
        const id = fieldId(0, c.key);
        const error = errors[`variants.0.${c.key}`];
        return (
          <Field key={c.key} id={id} label={c.label} error={error} {...(c.hint ? { hint: c.hint } : {})}>
            <input
              id={id}
              inputMode={c.inputMode}
              value={row[c.key]}
              onChange={(e) => onRow(0, c.key, e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={inputClass}
            />
          </Field>
        );
      })}
      <div className="md:col-span-2">
        <VariantShippingFields
          row={row}
          index={0}
          title=""
          errors={errors}
          onChange={(key, value) => onRow(0, key, value)}
        />
      </div>
    </div>
  );
}

function VariantTable({ set, images, errors, onChange, onRow }: VariantsProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Variants">
        <thead>
          <tr>
            <th scope="col" className="p-1">
              Variant
            </th>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className="p-1">
                {c.label}
              </th>
            ))}
            <th scope="col" className="p-1">
              Image
            </th>
            <th scope="col" className="p-1">
              Available
            </th>
            <th scope="col" className="p-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {set.variants.map((row, i) => {
            const title = rowTitle(row) || `Variant ${i + 1}`;
            const rowErrors = [
              ...errorsUnder(errors, `variants.${i}.options`),
              ...errorsUnder(errors, `variants.${i}.id`),
            ];
            return (
              <Fragment key={row.id ?? `new-${row.choice.join('/')}`}>
                <tr data-variant={title} className="border-t align-top">
                  <th scope="row" className="p-1 font-medium">
                    {title}
                    {rowErrors.map((message) => (
                      <p key={message} className="text-sm font-normal text-red-700">
                        {message}
                      </p>
                    ))}
                  </th>
                  {COLUMNS.map((c) => {
                    const id = fieldId(i, c.key);
                    const error = errors[`variants.${i}.${c.key}`];
                    return (
                      <td key={c.key} className="p-1">
                        <input
                          id={id}
                          inputMode={c.inputMode}
                          value={row[c.key]}
                          onChange={(e) => onRow(i, c.key, e.target.value)}
                          aria-label={`${c.label} of ${title}`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-error` : undefined}
                          placeholder={c.key === 'stock' ? 'Not tracked' : undefined}
                          className={`${inputClass} w-full min-w-20`}
                        />
                        {error && (
                          <p id={`${id}-error`} className="text-sm text-red-700">
                            {error}
                          </p>
                        )}
                      </td>
                    );
                  })}
                  <td className="p-1">
                    <VariantImageChoice
                      title={title}
                      value={row.imgUrl}
                      images={images}
                      error={errors[`variants.${i}.imgUrl`]}
                      onChange={(url) => onRow(i, 'imgUrl', url)}
                    />
                  </td>
                  <td className="p-1">
                    <input
                      type="checkbox"
                      checked={row.available}
                      onChange={(e) => onRow(i, 'available', e.target.checked)}
                      aria-label={`${title} available`}
                      className="h-5 w-5 accent-teal-700"
                    />
                  </td>
                  <td className="p-1">
                    <button
                      type="button"
                      onClick={() => onChange(removeVariant(set, i))}
                      disabled={set.variants.length <= 1}
                      className="text-red-700 underline disabled:opacity-40"
                    >
                      Remove {title}
                    </button>
                  </td>
                </tr>
                <tr data-variant-shipping={title} className="align-top">
                  <td />
                  <td colSpan={COLUMNS.length + 3} className="p-1 pb-3">
                    <VariantShippingFields
                      row={row}
                      index={i}
                      title={title}
                      errors={errors}
                      onChange={(key, value) => onRow(i, key, value)}
                    />
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Which of the product's images a variant shows. An image no longer among them (removed from the
 * gallery) stays chosen, named as such, until the admin picks another.
 */
function VariantImageChoice({
  title,
  value,
  images,
  error,
  onChange,
}: {
  title: string;
  value: string;
  images: string[];
  error: string | undefined;
  onChange(url: string): void;
}) {
  const choices = images.map((url, i) => ({ url, label: i === 0 ? 'Main image' : `Gallery image ${i}` }));
  if (value && !images.includes(value))
    choices.push({ url: value, label: `Not in the gallery: ${imageName(value)}` });
  return (
    <div className="flex items-center gap-2">
      {value ? (
        <img src={value} alt="" width={40} height={40} className="h-10 w-10 rounded border object-cover" />
      ) : (
        <div className="h-10 w-10 rounded border bg-slate-100" />
      )}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={`Image of ${title}`}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} min-w-32`}
      >
        <option value="">The product’s</option>
        {choices.map((choice) => (
          <option key={choice.url} value={choice.url}>
            {choice.label}
          </option>
        ))}
      </select>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
