import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
};

const FIELD_CLASS = 'flex flex-col gap-1 text-sm font-medium text-slate-700';
const CONTROL_CLASS =
  'rounded-md border border-slate-300 px-3 py-2 text-base font-normal text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 aria-[invalid]:border-red-600';

/** A labelled input with its hint or error right under it, tied to it for screen readers. */
export function TextField({ label, name, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ? (
    <FieldError id={noteId}>{error}</FieldError>
  ) : hint ? (
    <span id={noteId} className="text-xs font-normal text-slate-500">
      {hint}
    </span>
  ) : null;
  return (
    <div className={`${FIELD_CLASS} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        className={CONTROL_CLASS}
        {...input}
      />
      {note}
    </div>
  );
}

type SelectFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  /** `[value, shown]` pairs, in the order listed. */
  options: readonly (readonly [string, string])[];
  /** Shown (value '') while nothing is chosen. */
  placeholder?: string;
  error?: string | undefined;
  autoComplete?: string;
  className?: string;
};

/** A labelled list to choose from, its error right under it, as TextField draws one. */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  placeholder,
  error,
  autoComplete,
  className,
}: SelectFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={`${FIELD_CLASS} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? noteId : undefined}
        className={`bg-white ${CONTROL_CLASS}`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([code, shown]) => (
          <option key={code} value={code}>
            {shown}
          </option>
        ))}
      </select>
      {error && <FieldError id={noteId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <span id={id} className="text-sm font-normal text-red-700">
      {children}
    </span>
  );
}

/** A form-level message: errors are announced, notices are polite. */
export function FormMessage({ kind, children }: { kind: 'error' | 'notice'; children: ReactNode }) {
  return kind === 'error' ? (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900">
      {children}
    </p>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:cursor-wait disabled:opacity-60"
    >
      {children}
    </button>
  );
}
