import { type FormEvent, useState } from 'react';
import { inputClass } from '../ui/field.js';

/** A small inline form: a few text fields and one button that submits their trimmed values. */
export function ActionForm<Name extends string>({
  fields,
  submitLabel,
  busy,
  onSubmit,
}: {
  fields: { name: Name; label: string; required?: boolean }[];
  submitLabel: string;
  busy: boolean;
  onSubmit(values: Record<Name, string>): void;
}) {
  const [values, setValues] = useState({} as Record<Name, string>);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = {} as Record<Name, string>;
    for (const f of fields) trimmed[f.name] = (values[f.name] ?? '').trim();
    onSubmit(trimmed);
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      {fields.map((f) => (
        <label key={f.name} className="flex flex-col text-sm">
          {f.label}
          <input
            value={values[f.name] ?? ''}
            required={f.required}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            className={inputClass}
          />
        </label>
      ))}
      <button type="submit" disabled={busy} className="rounded bg-teal-700 px-3 py-2 text-white">
        {submitLabel}
      </button>
    </form>
  );
}
