import { authPath, useAfterSignIn, useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { AuthLinks } from './auth-links.js';
import { SignUpForm } from './sign-up-form.js';

export function SignupPage() {
  const next = useNextPath();
  // A new account goes on through the page that says where the confirmation link went.
  const done = useAfterSignIn(authPath('/confirm-email', next));
  return (
    <AuthCard title="Create an account" footer={<AuthLinks show={['login', 'emailLink']} next={next} />}>
      <SignUpForm onSignedUp={done} next={next} />
    </AuthCard>
  );
}
