// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../shared/web/auth-context.js';
import { safeNext } from '../../web/src/auth/after-sign-in.js';
import { authErrorMessage } from '../../web/src/auth/auth-errors.js';
import { SignUpForm } from '../../web/src/auth/sign-up-form.js';
import { ContactPage } from '../../web/src/info/contact-page.js';
import { resetBetweenTests } from './storefront-fixtures.js';

resetBetweenTests();

describe('Firebase Auth errors in plain words', () => {
  it.each([
    ['auth/wrong-password', 'Wrong email or password'],
    ['auth/invalid-credential', 'Wrong email or password'],
    // An unknown address reads as a wrong password: whether an address has an account is never told.
    ['auth/user-not-found', 'Wrong email or password'],
    ['auth/weak-password', 'Choose a stronger password: at least 6 characters'],
    ['auth/invalid-email', 'Enter a valid email address'],
    ['auth/too-many-requests', 'Too many attempts; please wait a few minutes and try again'],
    ['auth/expired-action-code', 'This link has expired; ask for a new one'],
  ])('%s → %s', (code, message) => {
    expect(authErrorMessage(Object.assign(new Error('Firebase: Error'), { code }))).toBe(message);
  });

  it('never shows Firebase internals for an unknown failure', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(authErrorMessage(new Error('Firebase: Error (auth/internal-error).'))).toBe(
      'Something went wrong; please try again',
    );
    expect(spy).toHaveBeenCalled();
  });
});

describe('where sign-in returns to', () => {
  it('keeps same-site paths and refuses anything that leaves the shop', () => {
    expect(safeNext('/checkout')).toBe('/checkout');
    expect(safeNext('/store?page=2')).toBe('/store?page=2');
    for (const hostile of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      null,
    ])
      expect(safeNext(hostile)).toBe('/');
  });
});

describe('the sign-up form', () => {
  it('explains what is wrong before asking Firebase', async () => {
    const user = userEvent.setup();
    const onSignedUp = vi.fn();
    render(<SignUpForm onSignedUp={onSignedUp} next="/" />);
    const submit = screen.getByRole('button', { name: 'Create account' });

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid email address');

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@lab.example');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Choose a password of at least 6 characters');

    await user.type(screen.getByLabelText('Password'), 'defgh');
    await user.type(screen.getByLabelText('Confirm password'), 'abcdefgX');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match');
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});

/** Answers the contact form's POST as the server would; /api/config fails so nobody is signed in. */
function serveContact(reply: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (input === '/api/contact') {
      const body = JSON.parse(String(init?.body));
      bodies.push(body);
      return reply(body);
    }
    return Response.json({ error: { code: 'not-found', message: 'Not found' } }, { status: 404 });
  });
  return bodies;
}

function renderContact() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <AuthProvider>
      <ContactPage />
      <Toaster />
    </AuthProvider>,
  );
}

describe('the contact form', () => {
  it('shows each field error next to its field without sending anything', async () => {
    const bodies = serveContact(() => Response.json({}, { status: 201 }));
    const user = userEvent.setup();
    renderContact();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Message'), 'short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('puts the server’s field errors next to their fields, then sends and confirms', async () => {
    let refuse = true;
    const bodies = serveContact(() =>
      refuse
        ? Response.json(
            {
              error: {
                code: 'invalid-input',
                message: 'email: Enter a valid email address',
                fields: [{ field: 'email', message: 'This address cannot receive mail' }],
              },
            },
            { status: 400 },
          )
        : Response.json({ message: {} }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderContact();
    await user.type(screen.getByLabelText('Name'), 'Dr. Chen');
    await user.type(screen.getByLabelText('Email'), 'chen@lab.example');
    await user.type(screen.getByLabelText('Message'), 'Is a certificate of analysis included?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Thank you! Your message has been sent; we will reply to chen@lab.example.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(bodies.at(-1)).toEqual({
      name: 'Dr. Chen',
      email: 'chen@lab.example',
      message: 'Is a certificate of analysis included?',
    });
  });
});
