import { countryRules } from '../../../shared/domain/address-rules.js';
import { noShipIssue } from '../../../shared/domain/compliance.js';
import { typedPhone } from '../../../shared/domain/phone-number.js';
import type { FieldErrors } from '../forms/field-errors.js';
import { FieldError, TextField } from '../forms/form-controls.js';
import { type AddressForm, COUNTRIES } from './address.js';

/**
 * The shipping address inputs, labelled and required as the chosen country's addresses are (address-rules.ts); errors
 * are keyed as the server names them, e.g. `shippingAddress.city`. Countries the shop does not ship to are not offered;
 * a saved address in one says so at once.
 */
export function AddressFields({
  value,
  onChange,
  errors,
  noShipCountries = [],
}: {
  value: AddressForm;
  onChange: (next: AddressForm) => void;
  errors: FieldErrors;
  noShipCountries?: readonly string[];
}) {
  const rules = countryRules(value.country);
  const refused = noShipIssue(value.country, noShipCountries);
  const countries = COUNTRIES.filter(([code]) => code === value.country || !noShipCountries.includes(code));
  const set = (name: keyof AddressForm) => (event: { target: { value: string } }) =>
    onChange({
      ...value,
      [name]: name === 'phone' ? typedPhone(event.target.value, value.country) : event.target.value,
    });
  const error = (name: keyof AddressForm) => errors[`shippingAddress.${name}`];
  const text = (
    name: keyof AddressForm,
    label: string,
    autoComplete: string,
    className = '',
    placeholder = '',
  ) => (
    <TextField
      label={label}
      name={name}
      value={value[name]}
      onChange={set(name)}
      error={error(name)}
      autoComplete={autoComplete}
      placeholder={placeholder || undefined}
      className={className}
    />
  );
  const optional = (label: string, required: boolean) => (required ? label : `${label} (optional)`);
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-lg font-semibold text-slate-900">Shipping address</legend>
      {text('fullName', 'Full name', 'name', 'sm:col-span-2')}
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:col-span-2">
        Country
        <select
          name="country"
          value={value.country}
          onChange={set('country')}
          autoComplete="country"
          aria-invalid={error('country') || refused ? true : undefined}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
        >
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {(error('country') || refused) && <FieldError>{error('country') ?? refused?.message}</FieldError>}
      </label>
      {text('line1', 'Street address', 'address-line1', 'sm:col-span-2')}
      {text('line2', 'Apartment, suite (optional)', 'address-line2', 'sm:col-span-2')}
      {text('city', 'City', 'address-level2')}
      {rules?.region && text('state', optional(rules.region.label, rules.region.required), 'address-level1')}
      {text(
        'postalCode',
        optional(rules?.postalCode.label ?? 'Postal code', rules?.postalCode.required ?? true),
        'postal-code',
        '',
        rules?.postalCode.example,
      )}
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        inputMode="tel"
        placeholder={value.country === 'US' ? '(555) 123-4567' : undefined}
        value={value.phone}
        onChange={set('phone')}
        error={error('phone')}
        autoComplete="tel"
        className="sm:col-span-2"
      />
    </fieldset>
  );
}
