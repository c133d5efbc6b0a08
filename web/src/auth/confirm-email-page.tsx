import { Link } from 'react-router-dom';
import { useAuth } from '../../../shared/web/auth-context.js';
import { FormMessage } from '../forms/form-controls.js';
import { useNextPath } from './after-sign-in.js';
import { AuthCard } from './auth-card.js';
import { EmailConfirmationNotice } from './email-confirmation.js';
import { RequireSignIn } from './require-sign-in.js';

const linkClass = 'mt-5 block text-teal-800 hover:underline';

/** Where sign-up leads: the link confirming the address was sent; orders need it confirmed. */
export function ConfirmEmailPage() {
  const next = useNextPath();
  const { user } = useAuth();
  return (
    <AuthCard title="Confirm your email">
      <RequireSignIn>
        {user?.emailVerified ? (
          <>
            <FormMessage kind="notice">Your email address is confirmed. Thank you!</FormMessage>
            <Link to={next} className={linkClass}>
              Continue
            </Link>
          </>
        ) : (
          user?.email && (
            <>
              <p className="mb-3 text-sm text-slate-600">
                Your account is ready. Before you can place an order, confirm that this email address is
                yours.
              </p>
              <EmailConfirmationNotice email={user.email} next={next} />
              <Link to={next} className={linkClass}>
                Continue without confirming for now
              </Link>
            </>
          )
        )}
      </RequireSignIn>
    </AuthCard>
  );
}
