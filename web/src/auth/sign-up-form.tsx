import { useState } from 'react';
import { signUpLinkSentMessage } from '../../../shared/domain/account.js';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { signUpWithPassword } from './firebase-actions.js';
import { requestPasswordReset } from './password-reset-request.js';

export const MIN_PASSWORD_LENGTH = 6;

/** Checks what Firebase would refuse anyway, so the shopper learns it before a round trip. */
function signUpProblem(input: { email: string; password: string; confirm: string }): string | undefined {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) return 'Enter a valid email address';
  if (input.password.length < MIN_PASSWORD_LENGTH)
    return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`;
  if (input.password !== input.confirm) return 'The passwords do not match';
  return undefined;
}

/**
 * Creates the account, signs in and e-mails the link confirming the address. An address that already has one is not called taken: its owner
 * is e-mailed a reset link instead (see README, "Accounts").
 */
export function SignUpForm({ onSignedUp, next }: { onSignedUp?: () => void; next: string }) {
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    setLinkSentTo(null);
    const input = {
      displayName: field(form, 'displayName'),
      email: field(form, 'email'),
      password: field(form, 'password'),
      confirm: field(form, 'confirm'),
    };
    const problem = signUpProblem(input);
    if (problem) return problem;
    try {
      await signUpWithPassword(input, next);
    } catch (failure) {
      if ((failure as { code?: unknown }).code !== 'auth/email-already-in-use') throw failure;
      await requestPasswordReset(input.email, next);
      setLinkSentTo(input.email.trim());
      return;
    }
    onSignedUp?.();
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <TextField label="Name" name="displayName" autoComplete="name" maxLength={100} />
      <TextField label="Email" name="email" type="email" required autoComplete="email" />
      <TextField
        label="Password"
        name="password"
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
      />
      <TextField
        label="Confirm password"
        name="confirm"
        type="password"
        required
        autoComplete="new-password"
      />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {linkSentTo && !error && <FormMessage kind="notice">{signUpLinkSentMessage(linkSentTo)}</FormMessage>}
      <SubmitButton busy={busy}>{busy ? 'Creating account...' : 'Create account'}</SubmitButton>
    </form>
  );
}
