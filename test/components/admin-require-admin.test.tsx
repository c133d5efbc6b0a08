// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAdmin } from '../../admin-web/src/require-admin.js';
import { AuthProvider } from '../../shared/web/auth-context.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the admin area while the user is unknown', () => {
  it('shows a spinner, not the page and not a redirect, until the user is known', async () => {
    // Auth waits on the shop's config; holding the answer back keeps the user unknown.
    let answerConfig: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answerConfig = resolve)));
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/admin/orders',
      search: '?status=unshipped',
      replace,
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <AuthProvider>
        <RequireAdmin>
          <h1>Manage Products</h1>
        </RequireAdmin>
      </AuthProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(replace).not.toHaveBeenCalled();

    // Sign-in turns out to be unavailable: the user is signed out, so off to the storefront's login.
    answerConfig(Response.json({ error: { code: 'internal', message: 'Down' } }, { status: 500 }));
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('/login?next=%2Fadmin%2Forders%3Fstatus%3Dunshipped'),
    );
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
