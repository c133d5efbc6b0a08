import { countryRules } from '../../../shared/domain/address-rules.js';
import { noShipIssue } from '../../../shared/domain/compliance.js';
import { typedPhone } from '../../../shared/domain/phone-number.js';
import type { FieldErrors } from '../forms/field-errors.js';
import { SelectField, TextField } from '../forms/form-controls.js';
import { type AddressForm, COUNTRIES } from './address.js';

/**
 * The shipping address inputs, labelled and required as the chosen country's addresses are (address-rules.ts); errors
 * are keyed as the server names them, e.g. `shippingAddress.city`. The region is chosen from the country's list (names
 * shown, codes kept) and cleared when the country changes. Countries the shop does not ship to are not offered; a
 * saved address in one says so at once.
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
      // A region belongs to its country: another country's list does not hold it.
      ...(name === 'country' && event.target.value !== value.country ? { state: '' } : {}),
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
      <SelectField
        label="Country"
        name="country"
        value={value.country}
        onChange={set('country')}
        options={countries}
        autoComplete="country"
        error={error('country') ?? refused?.message}
        className="sm:col-span-2"
      />
      {text('line1', 'Street address', 'address-line1', 'sm:col-span-2')}
      {text('line2', 'Apartment, suite (optional)', 'address-line2', 'sm:col-span-2')}
      {text('city', 'City', 'address-level2')}
      {rules?.region && (
        <SelectField
          label={optional(rules.region.label, rules.region.required)}
          name="state"
          value={value.state}
          onChange={set('state')}
          options={rules.region.list.map((r) => [r.code, r.name] as const)}
          placeholder={`Choose a ${rules.region.label.toLowerCase()}`}
          error={error('state')}
          autoComplete="address-level1"
        />
      )}
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
