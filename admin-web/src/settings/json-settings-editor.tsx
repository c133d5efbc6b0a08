import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../shared/api/errors.js';
import type { FieldIssue } from '../../../shared/domain/errors.js';
import { inputClass } from '../ui/field.js';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * One setting edited as the JSON the server keeps; the server judges it (the same schema as `shop`
 * uses) and its problems are listed by path, e.g. `zones.0.rates.1.amount`.
 */
export function JsonSettingsEditor({
  id,
  label,
  value,
  save,
}: {
  id: string;
  label: string;
  value: unknown;
  /** Sends the edited JSON; resolves once the server kept it. */
  save(json: unknown): Promise<void>;
}) {
  const [text, setText] = useState(() => pretty(value));
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(pretty(value)), [value]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return setIssues([{ field: '', message: `Not valid JSON: ${(err as Error).message}` }]);
    }
    setIssues([]);
    setSaving(true);
    try {
      await save(json);
      toast.success(`Saved the ${label.toLowerCase()}`);
    } catch (err) {
      setIssues(
        err instanceof ApiError && err.fields.length
          ? err.fields
          : [{ field: '', message: (err as Error).message }],
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        {label} (JSON)
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={Math.min(24, text.split('\n').length + 1)}
        spellCheck={false}
        aria-invalid={issues.length > 0 ? true : undefined}
        aria-describedby={issues.length > 0 ? `${id}-issues` : undefined}
        className={`${inputClass} font-mono text-xs`}
      />
      {issues.length > 0 && (
        <ul
          id={`${id}-issues`}
          role="alert"
          aria-label={`Problems in the ${label.toLowerCase()}`}
          className="text-sm text-red-700"
        >
          {issues.map((issue) => (
            <li key={`${issue.field}: ${issue.message}`}>
              {issue.field && <span className="font-mono">{issue.field}</span>}
              {issue.field && ': '}
              {issue.message}
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" onClick={() => setText(pretty(value))} className="rounded border px-3 py-2">
          Reset
        </button>
        <button
          type="submit"
          disabled={saving}
          className="rounded bg-teal-700 px-4 py-2 text-white disabled:opacity-60"
        >
          {saving ? 'Saving…' : `Save ${label.toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}
