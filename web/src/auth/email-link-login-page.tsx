import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../shared/web/spinner.js';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { useAfterSignIn, useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { authErrorMessage } from './auth-errors.js';
import { AuthLinks } from './auth-links.js';
import { EmailLinkForm } from './email-link-form.js';
import { completeSignInLink, emailForSignInLink, isSignInLink } from './firebase-actions.js';

type LinkState = 'checking' | 'send' | 'ask-email' | 'signing-in' | 'failed';

/**
 * Sends a sign-in link, or, opened from one, completes the sign-in: with the email this browser
 * remembered, or by asking for it when the link was opened somewhere else.
 */
export function EmailLinkLoginPage() {
  const next = useNextPath();
  const done = useAfterSignIn(next);
  const [state, setState] = useState<LinkState>('checking');
  const [failure, setFailure] = useState<string | null>(null);

  // A sign-in link works once, so it is tried once per page load.
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    const href = window.location.href;
    const complete = async () => {
      if (!(await isSignInLink(href))) return setState('send');
      const email = emailForSignInLink();
      if (!email) return setState('ask-email');
      setState('signing-in');
      await completeSignInLink(email, href);
      done();
    };
    complete().catch((error) => {
      setFailure(authErrorMessage(error));
      setState('failed');
    });
  }, [done]);

  const footer = <AuthLinks show={['login', 'signup']} next={next} />;
  if (state === 'checking' || state === 'signing-in')
    return (
      <AuthCard title="Sign in with an email link">
        <Spinner label={state === 'signing-in' ? 'Signing you in...' : 'Loading...'} />
      </AuthCard>
    );
  if (state === 'ask-email')
    return (
      <AuthCard title="Confirm your email" footer={footer}>
        <ConfirmEmailForm onSignedIn={done} />
      </AuthCard>
    );
  return (
    <AuthCard title="Sign in with an email link" footer={footer}>
      {failure && (
        <div className="mb-4">
          <FormMessage kind="error">{failure}</FormMessage>
        </div>
      )}
      <p className="mb-4 text-sm text-slate-600">
        We will email you a link that signs you in, no password needed.
      </p>
      <EmailLinkForm next={next} />
    </AuthCard>
  );
}

function ConfirmEmailForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const email = field(form, 'email').trim();
    if (!email) return 'Enter your email address';
    await completeSignInLink(email, window.location.href);
    onSignedIn();
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-slate-600">
        This link was opened in a different browser. Enter the email address the link was sent to.
      </p>
      <TextField label="Email" name="email" type="email" required autoComplete="email" />
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <SubmitButton busy={busy}>{busy ? 'Signing in...' : 'Sign in'}</SubmitButton>
    </form>
  );
}
