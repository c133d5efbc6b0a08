import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TERMS_VERSION } from '../../../shared/domain/compliance.js';
import type { FieldErrors } from '../forms/field-errors.js';
import { FieldError } from '../forms/form-controls.js';
import type { CheckoutFormValues } from './checkout-form.js';

type Attestations = CheckoutFormValues['attestations'];

function Attestation({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: keyof Attestations;
  checked: boolean;
  onChange(checked: boolean): void;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = `attestations-${name}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          name={`attestations.${name}`}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1"
        />
        <span>{children}</span>
      </label>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** What the shopper attests before ordering, kept with the order: their age and research use under these terms. */
export function ComplianceFields({
  value,
  onChange,
  minimumAge,
  errors,
}: {
  value: Attestations;
  onChange(next: Attestations): void;
  minimumAge: number;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">Confirm before ordering</legend>
      <Attestation
        name="adult"
        checked={value.adult}
        onChange={(adult) => onChange({ ...value, adult })}
        error={errors['attestations.adult']}
      >
        I am {minimumAge} years of age or older.
      </Attestation>
      <Attestation
        name="researchUse"
        checked={value.researchUse}
        onChange={(researchUse) => onChange({ ...value, researchUse })}
        error={errors['attestations.researchUse']}
      >
        I will use these products for laboratory research only, not for human or veterinary use, and I accept
        the{' '}
        <Link to="/terms-of-service" target="_blank" className="text-teal-800 underline">
          Terms of Service
        </Link>{' '}
        (version {TERMS_VERSION}).
      </Attestation>
    </fieldset>
  );
}
