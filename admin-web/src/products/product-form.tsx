import { type FormEvent, useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import type { Product } from '../../../shared/domain/product.js';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys, isProductPage } from '../cache-keys.js';
import { Field, inputClass } from '../ui/field.js';
import { DescriptionEditor } from './description-editor.js';
import { GalleryField } from './gallery-field.js';
import { ImageField } from './image-field.js';
import { LabelSuggestions, useLabelSuggestions } from './label-suggestions.js';
import {
  editPatch,
  errorsUnder,
  fieldErrors,
  formValuesOf,
  type ProductFieldErrors,
  type ProductFormValues,
  reapplyChanges,
  type SpecKey,
  toProductInput,
  withoutErrorsUnder,
} from './product-form-values.js';
import { SpecsSection } from './specs-section.js';
import { StaleEditPanel } from './stale-edit-panel.js';
import { UnsavedChangesGuard } from './unsaved-changes-guard.js';
import type { TierValues, VariantSet } from './variant-rows.js';
import { VariantsSection } from './variants-section.js';

const TEXT_FIELDS = [
  { key: 'name', label: 'Name', autoComplete: 'off' },
  { key: 'category', label: 'Category', suggestions: 'categories' },
  { key: 'brand', label: 'Brand', suggestions: 'brands' },
] as const;

export function ProductForm({
  productId,
  initial,
  version,
}: {
  productId: string | null;
  initial: ProductFormValues;
  /** The version of the product `initial` shows; saves are refused (412) once it is no longer current. */
  version?: number;
}) {
  const [values, setValues] = useState(initial);
  const [stale, setStale] = useState<Product | null>(null);
  // Remounts the description editor, which takes its content only when it mounts.
  const [editorSeed, setEditorSeed] = useState({ key: 0, html: initial.description });
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [galleryUploading, setGalleryUploading] = useState(false);
  const navigate = useNavigate();
  const { categories, brands } = useLabelSuggestions();
  const { mutate } = useSWRConfig();

  // The guard reads these at the moment of leaving, so they live in refs.
  const current = useRef(values);
  current.current = values;
  const baseline = useRef(initial);
  const openedVersion = useRef(version);
  const isDirty = useCallback(() => JSON.stringify(current.current) !== JSON.stringify(baseline.current), []);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setVariants = (next: VariantSet) => {
    setValues((v) => ({ ...v, options: next.options, variants: next.variants }));
    // Rows and options may have moved: their old errors no longer point at the right place.
    setErrors((e) => withoutErrorsUnder(withoutErrorsUnder(e, 'variants'), 'options'));
  };
  const setRow = (row: number, key: string, value: string | boolean | TierValues[]) => {
    setValues((v) => ({
      ...v,
      variants: v.variants.map((r, i) => (i === row ? { ...r, [key]: value } : r)),
    }));
    setErrors((e) => withoutErrorsUnder(e, `variants.${row}.${key}`));
  };
  const setImages = (update: (images: string[]) => string[]) => {
    setValues((v) => ({ ...v, images: update(v.images) }));
    setErrors((e) => withoutErrorsUnder(e, 'images'));
  };
  const setSpec = (key: SpecKey, value: string) => {
    setValues((v) => ({ ...v, specs: { ...v.specs, [key]: value } }));
    setErrors((e) => ({ ...e, [`specs.${key}`]: undefined }));
  };

  const tagError = errorsUnder(errors, 'tags')[0];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = toProductInput(values);
    if (checked.errors) return setErrors(checked.errors);
    setSaving(true);
    try {
      let saved: { id: string; name: string };
      if (productId) {
        const patch = editPatch(baseline.current, values, checked.input);
        saved =
          Object.keys(patch).length === 0
            ? { id: productId, name: values.name }
            : (await adminApi.products.update(productId, patch, openedVersion.current)).product;
      } else {
        saved = (await adminApi.products.create(checked.input)).product;
        // New products always start available; switch it off if the form says so.
        if (!values.available) await adminApi.products.setAvailability(saved.id, false);
      }
      baseline.current = values;
      void mutate(isProductPage);
      void mutate(cacheKeys.categories);
      void mutate(cacheKeys.brands);
      toast.success(`Saved “${saved.name}”`);
      navigate('/manage-products');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'stale') setStale(err.details.current as Product);
      else if (err instanceof ApiError && err.fields.length) setErrors(fieldErrors(err.fields));
      else setFormError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  /** Starts editing `current` afresh, with `next` in the fields. */
  const restartFrom = (current: Product, next: ProductFormValues) => {
    baseline.current = formValuesOf(current);
    openedVersion.current = current.version;
    setValues(next);
    setErrors({});
    setEditorSeed((seed) => ({ key: seed.key + 1, html: next.description }));
    setStale(null);
  };
  const reload = (current: Product) => restartFrom(current, formValuesOf(current));
  const reapply = (current: Product) =>
    restartFrom(current, reapplyChanges(baseline.current, values, formValuesOf(current)));

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <h1 className="mr-auto text-2xl font-semibold">
          {productId ? `Edit “${initial.name}”` : 'Add product'}
        </h1>
        <Link to="/manage-products" className="text-teal-800 underline">
          Back to products
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 rounded bg-white p-6 shadow-sm md:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <Field key={f.key} id={`product-${f.key}`} label={f.label} error={errors[f.key]}>
            <input
              id={`product-${f.key}`}
              type="text"
              autoComplete={'autoComplete' in f ? f.autoComplete : undefined}
              list={'suggestions' in f ? `product-${f.key}-suggestions` : undefined}
              value={values[f.key]}
              onChange={(e) => set(f.key, e.target.value)}
              aria-invalid={errors[f.key] ? true : undefined}
              aria-describedby={errors[f.key] ? `product-${f.key}-error` : undefined}
              className={inputClass}
            />
          </Field>
        ))}
        <LabelSuggestions id="product-category-suggestions" names={categories} />
        <LabelSuggestions id="product-brand-suggestions" names={brands} />
        <Field
          id="product-tags"
          label="Tags"
          error={tagError}
          hint="Separated by commas, e.g. Recovery, Research"
        >
          <input
            id="product-tags"
            type="text"
            autoComplete="off"
            value={values.tags}
            onChange={(e) => {
              set('tags', e.target.value);
              setErrors((current) => withoutErrorsUnder(current, 'tags'));
            }}
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? 'product-tags-error' : undefined}
            className={inputClass}
          />
        </Field>
        <label className="flex items-center gap-2 self-center">
          <input
            type="checkbox"
            checked={values.available}
            onChange={(e) => set('available', e.target.checked)}
            className="h-5 w-5 accent-teal-700"
          />
          Available in the store
        </label>
        <div className="md:col-span-2">
          <ImageField
            id="product-image"
            value={values.imgUrl}
            onChange={(url) => set('imgUrl', url)}
            onBusy={setUploading}
          />
        </div>
        <div className="md:col-span-2">
          <GalleryField
            images={values.images}
            errors={errorsUnder(errors, 'images')}
            onChange={setImages}
            onBusy={setGalleryUploading}
          />
        </div>
        <div className="flex flex-col gap-1 md:col-span-2">
          <span id="product-description-label" className="font-medium">
            Description
          </span>
          <DescriptionEditor
            key={editorSeed.key}
            id="product-description"
            value={editorSeed.html}
            onChange={(html) => set('description', html)}
          />
          {errors.description && <p className="text-sm text-red-700">{errors.description}</p>}
        </div>
      </div>
      <VariantsSection
        set={{ options: values.options, variants: values.variants }}
        images={[values.imgUrl, ...values.images].filter(Boolean)}
        errors={errors}
        onChange={setVariants}
        onRow={setRow}
      />
      <SpecsSection specs={values.specs} errors={errors} onChange={setSpec} />
      {stale && (
        <StaleEditPanel
          opened={baseline.current}
          now={formValuesOf(stale)}
          mine={values}
          onReload={() => reload(stale)}
          onReapply={() => reapply(stale)}
        />
      )}
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
      <div className="flex justify-end gap-2">
        <button
          type="submit"
          disabled={saving || uploading || galleryUploading}
          className="rounded bg-teal-700 px-4 py-2 text-white disabled:opacity-60"
        >
          {saving ? 'Saving…' : productId ? 'Save changes' : 'Create product'}
        </button>
      </div>
      <UnsavedChangesGuard dirty={isDirty} />
    </form>
  );
}
