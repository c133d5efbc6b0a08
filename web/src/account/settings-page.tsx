import { useState } from 'react';
import toast from 'react-hot-toast';
import type { SessionUser } from '../../../shared/domain/user.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { authErrorMessage } from '../auth/auth-errors.js';
import { changeDisplayName, sendVerificationEmail } from '../auth/firebase-actions.js';
import { requestPasswordReset } from '../auth/password-reset-request.js';
import { RequireSignIn } from '../auth/require-sign-in.js';
import { FormMessage, SubmitButton, TextField } from '../forms/form-controls.js';
import { field, useSubmit } from '../forms/use-submit.js';
import { usePageTitle } from '../layout/use-page-title.js';

export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <RequireSignIn>
      <SignedInSettings />
    </RequireSignIn>
  );
}

function SignedInSettings() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-3xl font-semibold text-slate-900">Settings</h1>
      <DisplayNameSection user={user} />
      <PasswordSection email={user.email} />
      <EmailSection user={user} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function DisplayNameSection({ user }: { user: SessionUser }) {
  const { refreshClaims } = useAuth();
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const name = field(form, 'displayName').trim();
    if (!name) return 'Enter a name';
    if (name.length > 100) return 'The name must be at most 100 characters';
    await changeDisplayName(name);
    await refreshClaims();
    toast.success('Your name was saved');
  });
  return (
    <Section title="Your name">
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Display name"
          name="displayName"
          defaultValue={user.displayName ?? ''}
          autoComplete="name"
          maxLength={100}
        />
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <div>
          <SubmitButton busy={busy}>{busy ? 'Saving...' : 'Save name'}</SubmitButton>
        </div>
      </form>
    </Section>
  );
}

/** A button that runs one account action and reports how it went in a toast. */
function ActionButton({ label, run, done }: { label: string; run: () => Promise<void>; done: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="rounded-md border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-60"
    >
      {label}
    </button>
  );
}

function PasswordSection({ email }: { email: string | null }) {
  if (!email) return null;
  return (
    <Section title="Password">
      <p className="mb-4 text-sm text-slate-600">We will email {email} a link to choose a new password.</p>
      <ActionButton
        label="Send password reset email"
        run={() => requestPasswordReset(email, '/settings')}
        done={`Password reset email sent to ${email}`}
      />
    </Section>
  );
}

function EmailSection({ user }: { user: SessionUser }) {
  return (
    <Section title="Email address">
      <p className="mb-4 text-slate-800">
        {user.email}{' '}
        {user.emailVerified ? (
          <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-sm text-teal-900">Verified</span>
        ) : (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm text-amber-900">
            Not verified
          </span>
        )}
      </p>
      {!user.emailVerified && (
        <ActionButton
          label="Resend verification email"
          run={() => sendVerificationEmail('/settings')}
          done={`Verification email sent to ${user.email}`}
        />
      )}
    </Section>
  );
}
