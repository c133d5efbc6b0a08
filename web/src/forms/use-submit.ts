import { type FormEvent, useState } from 'react';
import { authErrorMessage } from '../auth/auth-errors.js';

/**
 * Runs a form's action with a busy flag and turns a failure into a plain message.
 * `action` gets the form's fields; returning a string shows it as a validation error instead.
 */
export function useSubmit(action: (form: FormData) => Promise<unknown>, toMessage = authErrorMessage) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const problem = await action(new FormData(event.currentTarget));
      if (typeof problem === 'string') setError(problem);
    } catch (failure) {
      setError(toMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, onSubmit };
}

export const field = (form: FormData, name: string) => String(form.get(name) ?? '');
