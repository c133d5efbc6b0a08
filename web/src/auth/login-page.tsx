import { useSearchParams } from 'react-router-dom';
import type { SessionUser } from '../../../shared/domain/user.js';
import { useAuth } from '../../../shared/web/auth-context.js';
import { FormMessage } from '../forms/form-controls.js';
import { useAfterSignIn, useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { AuthLinks } from './auth-links.js';
import { SignInForm } from './sign-in-form.js';

/** Why a signed-in shopper is on the sign-in page: to switch accounts, or to reach the admin area. */
function signedInNotice(user: SessionUser, next: string): string {
  const admin = next === '/admin' || next.startsWith('/admin/');
  return admin && !user.role
    ? `The account ${user.email} cannot open the admin area. Sign in with an admin account.`
    : `You are signed in as ${user.email}. Sign in below to use another account.`;
}

export function LoginPage() {
  const next = useNextPath();
  const done = useAfterSignIn(next);
  const [params] = useSearchParams();
  const { user } = useAuth();
  return (
    <AuthCard title="Sign in" footer={<AuthLinks show={['signup', 'reset', 'emailLink']} next={next} />}>
      {params.get('reset') === 'done' && (
        <div className="mb-4">
          <FormMessage kind="notice">Your password was changed. Sign in with your new password.</FormMessage>
        </div>
      )}
      {user && (
        <div className="mb-4">
          <FormMessage kind="notice">{signedInNotice(user, next)}</FormMessage>
        </div>
      )}
      <SignInForm onSignedIn={done} />
    </AuthCard>
  );
}
