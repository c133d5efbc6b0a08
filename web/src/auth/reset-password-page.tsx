import { useState } from 'react';
import { resetLinkSentMessage } from '../../../shared/domain/account.js';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { AuthLinks } from './auth-links.js';
import { requestPasswordReset } from './password-reset-request.js';

export function ResetPasswordPage() {
  const next = useNextPath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // One outcome at a time: a new attempt clears the last one's notice as useSubmit clears its error.
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    setSentTo(null);
    const email = field(form, 'email').trim();
    if (!email) return 'Enter your email address';
    await requestPasswordReset(email, next);
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
        {sentTo && !error && <FormMessage kind="notice">{resetLinkSentMessage(sentTo)}</FormMessage>}
        <SubmitButton busy={busy}>{busy ? 'Sending...' : 'Send reset link'}</SubmitButton>
      </form>
    </AuthCard>
  );
}
