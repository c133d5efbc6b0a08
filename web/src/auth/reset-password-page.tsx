import { useState } from 'react';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { AuthLinks } from './auth-links.js';
import { sendResetEmail } from './firebase-actions.js';

export function ResetPasswordPage() {
  const next = useNextPath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const email = field(form, 'email').trim();
    if (!email) return 'Enter your email address';
    await sendResetEmail(email);
    setSentTo(email);
  });
  return (
    <AuthCard title="Reset your password" footer={<AuthLinks show={['login', 'signup']} next={next} />}>
      <p className="mb-4 text-sm text-slate-600">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </p>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <TextField label="Email" name="email" type="email" required autoComplete="email" />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        {sentTo && (
          <FormMessage kind="notice">
            We sent a password reset link to {sentTo}. Follow it to choose a new password.
          </FormMessage>
        )}
        <SubmitButton busy={busy}>{busy ? 'Sending...' : 'Send reset link'}</SubmitButton>
      </form>
    </AuthCard>
  );
}
