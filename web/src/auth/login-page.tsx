import { useSearchParams } from 'react-router-dom';
import { FormMessage } from '../forms/form-controls.js';
import { useAfterSignIn, useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { AuthLinks } from './auth-links.js';
import { SignInForm } from './sign-in-form.js';

export { safeNext } from './after-sign-in.js';

export function LoginPage() {
  const next = useNextPath();
  const done = useAfterSignIn(next);
  const [params] = useSearchParams();
  return (
    <AuthCard title="Sign in" footer={<AuthLinks show={['signup', 'reset', 'emailLink']} next={next} />}>
      {params.get('reset') === 'done' && (
        <div className="mb-4">
          <FormMessage kind="notice">Your password was changed. Sign in with your new password.</FormMessage>
        </div>
      )}
      <SignInForm onSignedIn={done} />
    </AuthCard>
  );
}
