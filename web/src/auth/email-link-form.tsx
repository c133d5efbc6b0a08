import { useState } from 'react';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { sendSignInLink } from './firebase-actions.js';

/** Sends a sign-in link; opening it signs the shopper in and continues to `next`. */
export function EmailLinkForm({ next }: { next: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const email = field(form, 'email').trim();
    if (!email) return 'Enter your email address';
    await sendSignInLink(email, next);
    setSentTo(email);
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <TextField label="Email" name="email" type="email" required autoComplete="email" />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {sentTo && (
        <FormMessage kind="notice">
          Check your inbox: we sent a sign-in link to {sentTo}. Open it in this browser to continue.
        </FormMessage>
      )}
      <SubmitButton busy={busy}>{busy ? 'Sending...' : 'Send sign-in link'}</SubmitButton>
    </form>
  );
}
