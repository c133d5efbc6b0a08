import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../../shared/web/auth-context.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { authPath, safeNext } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { authErrorMessage } from './auth-errors.js';
import { checkResetCode, resetPassword, verifyEmail } from './firebase-actions.js';
import { MIN_PASSWORD_LENGTH } from './sign-up-form.js';

/**
 * The shop's handler for Firebase Auth email actions (the project's action URL points here):
 * choose a new password, or confirm an email address.
 */
export function AuthActionPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? '';
  if (mode === 'resetPassword') return <ChooseNewPassword code={code} next={safeNext(params.get('next'))} />;
  if (mode === 'verifyEmail') return <ConfirmEmail code={code} next={safeNext(params.get('next'))} />;
  if (mode === 'signIn') {
    const link = new URL('/email-link-login', window.location.origin);
    link.search = window.location.search;
    window.location.replace(link);
    return null;
  }
  return (
    <AuthCard title="This link is not valid">
      <p className="text-slate-600">
        The link you followed is incomplete. <Link to="/login">Go to sign in</Link>
      </p>
    </AuthCard>
  );
}

/** Sets the new password, then signs in on /login, which goes on to `next` (checkout, when the reset began there). */
function ChooseNewPassword({ code, next }: { code: string; next: string }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => {
    checkResetCode(code).then(setEmail, (error) => setInvalid(authErrorMessage(error)));
  }, [code]);
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const password = field(form, 'password');
    if (password.length < MIN_PASSWORD_LENGTH)
      return `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters`;
    if (password !== field(form, 'confirm')) return 'The passwords do not match';
    await resetPassword(code, password);
    navigate(`/login?reset=done${next === '/' ? '' : `&next=${encodeURIComponent(next)}`}`, {
      replace: true,
    });
  });
  if (invalid)
    return (
      <AuthCard title="Reset your password">
        <FormMessage kind="error">{invalid}</FormMessage>
        <Link to={authPath('/reset-password', next)} className="mt-4 block text-teal-800 hover:underline">
          Send a new reset link
        </Link>
      </AuthCard>
    );
  if (!email)
    return (
      <AuthCard title="Reset your password">
        <Spinner />
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password">
      <p className="mb-4 text-sm text-slate-600">For {email}</p>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="New password"
          name="password"
          type="password"
          required
          autoComplete="new-password"
        />
        <TextField
          label="Confirm new password"
          name="confirm"
          type="password"
          required
          autoComplete="new-password"
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Save new password'}</SubmitButton>
      </form>
    </AuthCard>
  );
}

const CONTINUE_LABELS: Record<string, string> = {
  '/checkout': 'Continue to checkout',
  '/settings': 'Go to your settings',
};

/** Confirms the address, then offers the way on to `next` (checkout, when the link was sent from there). */
function ConfirmEmail({ code, next }: { code: string; next: string }) {
  const { refreshClaims } = useAuth();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  // A code works once; refreshClaims changes with the user, which must not apply the code again.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    verifyEmail(code)
      .then(() => refreshClaims().catch(() => undefined))
      .then(
        () => setResult({ ok: true, message: 'Your email address is confirmed. Thank you!' }),
        (error) => setResult({ ok: false, message: authErrorMessage(error) }),
      );
  }, [code, refreshClaims]);
  return (
    <AuthCard title="Confirm your email">
      {result ? (
        <>
          <FormMessage kind={result.ok ? 'notice' : 'error'}>{result.message}</FormMessage>
          <Link to={next} className="mt-4 block text-teal-800 hover:underline">
            {CONTINUE_LABELS[next] ?? 'Continue'}
          </Link>
        </>
      ) : (
        <Spinner label="Confirming..." />
      )}
    </AuthCard>
  );
}
