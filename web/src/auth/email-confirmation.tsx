import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormMessage } from '../forms/form-controls.js';
import { authErrorMessage } from './auth-errors.js';
import { reloadUser, sendVerificationEmail } from './firebase-actions.js';

const buttonClass =
  'rounded-md border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-60';

/**
 * Where the link confirming the address went, what to do with it, and the ways on: "I've opened it"
 * asks Auth again (the link is usually opened in another tab), "Send the link again" mails a new one
 * that leads back to `next`. The page around it moves on once the account is confirmed.
 */
export function EmailConfirmationNotice({ email, next }: { email: string; next: string }) {
  const [busy, setBusy] = useState<'check' | 'send' | null>(null);
  const [notYet, setNotYet] = useState(false);
  const run = async (which: 'check' | 'send', action: () => Promise<void>) => {
    setBusy(which);
    try {
      await action();
    } catch (error) {
      toast.error(authErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const check = () => run('check', async () => setNotYet(!(await reloadUser())));
  const resend = () =>
    run('send', async () => {
      await sendVerificationEmail(next);
      setNotYet(false);
      toast.success(`We sent another link to ${email}`);
    });
  return (
    <div className="flex flex-col gap-3 text-slate-800">
      <p>
        We sent a link to <strong className="wrap-anywhere">{email}</strong> — open it, then come back.
      </p>
      {notYet && (
        <FormMessage kind="error">
          Your address is not confirmed yet: open the link in the email we sent to {email}, or send it again.
        </FormMessage>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass} disabled={busy !== null} onClick={() => void check()}>
          {busy === 'check' ? 'Checking...' : 'I’ve opened the link'}
        </button>
        <button type="button" className={buttonClass} disabled={busy !== null} onClick={() => void resend()}>
          {busy === 'send' ? 'Sending...' : 'Send the link again'}
        </button>
      </div>
    </div>
  );
}
