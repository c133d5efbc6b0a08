import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../support/auth-users.js';
import { resetLinkMailedTo, resetMailCount } from '../support/reset-mail.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const requestReset = (body: unknown) =>
  t.app.request('/api/account/password-reset', jsonRequest('POST', body));

describe('POST /api/account/password-reset', () => {
  it('e-mails an account a link to the shop’s own page, carrying where the shopper goes next', async () => {
    const user = await signUp();
    const response = await requestReset({ email: user.email, next: '/checkout' });
    expect(response.status).toBe(202);
    const link = new URL(await resetLinkMailedTo(t.dataDir, user.email));
    expect(await resetMailCount(t.dataDir, user.email)).toBe(1);
    expect(link.origin).toBe(t.config.shopUrl);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('next')).toBe('/checkout');
    expect(link.searchParams.get('oobCode')).toMatch(/\S{10,}/);
  });

  it('answers an address without an account exactly as one with, and e-mails nobody', async () => {
    const user = await signUp();
    const stranger = uniqueEmail('nobody');
    const known = await requestReset({ email: user.email });
    const unknown = await requestReset({ email: stranger });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    await resetLinkMailedTo(t.dataDir, user.email);
    expect(await resetMailCount(t.dataDir, stranger)).toBe(0);
  });

  it('keeps the next page on this site', async () => {
    const user = await signUp();
    await requestReset({ email: user.email, next: '//evil.example/steal' });
    const link = new URL(await resetLinkMailedTo(t.dataDir, user.email));
    expect(link.origin).toBe(t.config.shopUrl);
    expect(link.searchParams.get('next')).toBeNull();
  });

  it('refuses an address that is not one, naming the field', async () => {
    const response = await requestReset({ email: 'not-an-email' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual([
      expect.objectContaining({ field: 'email', message: 'Enter a valid email address' }),
    ]);
  });
});
