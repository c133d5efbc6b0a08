import { Link } from 'react-router-dom';
import { authPath } from './after-sign-in.js';

const LINKS = {
  login: { path: '/login', text: 'Already have an account? Sign in' },
  signup: { path: '/signup', text: 'New here? Create an account' },
  reset: { path: '/reset-password', text: 'Forgot your password?' },
  emailLink: { path: '/email-link-login', text: 'Sign in with an email link instead' },
} as const;

/** Links between the auth screens, each keeping where the shopper is headed. */
export function AuthLinks({ show, next }: { show: (keyof typeof LINKS)[]; next: string }) {
  return (
    <>
      {show.map((key) => (
        <Link key={key} to={authPath(LINKS[key].path, next)} className="text-teal-800 hover:underline">
          {LINKS[key].text}
        </Link>
      ))}
    </>
  );
}
