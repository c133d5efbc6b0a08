import { useAfterSignIn, useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { AuthLinks } from './auth-links.js';
import { SignUpForm } from './sign-up-form.js';

export function SignupPage() {
  const next = useNextPath();
  const done = useAfterSignIn(next);
  return (
    <AuthCard title="Create an account" footer={<AuthLinks show={['login', 'emailLink']} next={next} />}>
      <SignUpForm onSignedUp={done} next={next} />
    </AuthCard>
  );
}
