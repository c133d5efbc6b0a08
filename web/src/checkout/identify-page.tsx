import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Link, Navigate } from 'react-router-dom';
import { useAuth } from '../../../shared/web/auth-context.js';
import { Spinner } from '../../../shared/web/spinner.js';
import { authPath } from '../auth/after-sign-in.js';
import { EmailLinkForm } from '../auth/email-link-form.js';
import { SignInForm } from '../auth/sign-in-form.js';
import { SignUpForm } from '../auth/sign-up-form.js';
import { useCart } from '../cart/cart-context.js';
import { PlainFrame } from '../info/plain-frame.js';
import { usePageTitle } from '../layout/use-page-title.js';
import { EmptyCart } from './empty-cart.js';

const CHECKOUT = '/checkout';
const TABS = ['Sign in', 'Create account', 'Sign-in link'] as const;

/** Where checkout starts: a signed-in shopper goes straight on; anyone else signs in here first. */
export function IdentifyPage() {
  usePageTitle('Checkout');
  const { user } = useAuth();
  const { itemCount } = useCart();
  if (user) return <Navigate to={CHECKOUT} replace />;
  if (itemCount === 0)
    return (
      <PlainFrame>
        <div className="mx-auto max-w-md">
          <h1 className="mb-6 text-3xl font-semibold text-slate-900">Checkout</h1>
          <EmptyCart />
        </div>
      </PlainFrame>
    );
  // Signing in below changes the auth state, and the line above then moves the shopper on, cart untouched.
  return (
    <PlainFrame>
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-semibold text-slate-900">Checkout</h1>
        <p className="mt-1 mb-6 text-slate-600">
          {itemCount} item(s) in your cart. Sign in or create an account to place your order; your cart stays
          as it is.
        </p>
        {user === undefined ? (
          <Spinner />
        ) : (
          <TabGroup className="rounded-xl bg-white p-5 shadow-sm">
            <TabList className="mb-5 flex gap-1 rounded-lg bg-slate-100 p-1">
              {TABS.map((label) => (
                <Tab
                  key={label}
                  className="flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[selected]:bg-white data-[selected]:text-teal-800 data-[selected]:shadow-sm"
                >
                  {label}
                </Tab>
              ))}
            </TabList>
            <TabPanels>
              <TabPanel>
                <SignInForm />
                <Link
                  to={authPath('/reset-password', CHECKOUT)}
                  className="mt-3 block text-sm text-teal-800 hover:underline"
                >
                  Forgot your password?
                </Link>
              </TabPanel>
              <TabPanel>
                <SignUpForm next={CHECKOUT} />
              </TabPanel>
              <TabPanel>
                <p className="mb-4 text-sm text-slate-600">
                  We email you a link that signs you in and brings you back here.
                </p>
                <EmailLinkForm next={CHECKOUT} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
        <Link to="/store" className="mt-6 block text-center text-sm text-teal-800 hover:underline">
          Continue shopping
        </Link>
      </div>
    </PlainFrame>
  );
}
