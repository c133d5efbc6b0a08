import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { firebaseAuth } from '../../../shared/web/firebase-auth.js';

/** Where to go after signing in: only same-site paths, never another origin. */
export function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function LoginPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      const [auth, { signInWithEmailAndPassword }] = await Promise.all([
        firebaseAuth(),
        import('firebase/auth'),
      ]);
      await signInWithEmailAndPassword(auth, String(form.get('email')), String(form.get('password')));
      window.location.assign(safeNext(params.get('next')));
    } catch {
      setError('Wrong email or password');
    }
  };
  return (
    <form onSubmit={onSubmit} className="mx-auto flex max-w-sm flex-col gap-3">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <label className="flex flex-col">
        Email
        <input name="email" type="email" required autoComplete="email" className="rounded border p-2" />
      </label>
      <label className="flex flex-col">
        Password
        <input
          name="password"
          type="password"
          required
          autoComplete="current-password"
          className="rounded border p-2"
        />
      </label>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className="rounded bg-teal-700 p-2 text-white">
        Sign in
      </button>
    </form>
  );
}
