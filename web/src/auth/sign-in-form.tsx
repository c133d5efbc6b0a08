import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { signInWithPassword } from './firebase-actions.js';

export function SignInForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    await signInWithPassword(field(form, 'email'), field(form, 'password'));
    onSignedIn?.();
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <TextField label="Email" name="email" type="email" required autoComplete="email" />
      <TextField label="Password" name="password" type="password" required autoComplete="current-password" />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <SubmitButton busy={busy}>{busy ? 'Signing in...' : 'Sign in'}</SubmitButton>
    </form>
  );
}
