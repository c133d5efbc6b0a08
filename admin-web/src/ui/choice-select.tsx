import { inputClass } from './field.js';

/** A labelled select of fixed choices, each a value and what the admin reads. */
export function ChoiceSelect<V extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: V;
  choices: readonly (readonly [value: V, text: string])[];
  onChange(value: V): void;
}) {
  return (
    <label className="flex flex-col text-sm">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as V)} className={inputClass}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
