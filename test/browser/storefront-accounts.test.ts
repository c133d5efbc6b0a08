import { describe, expect, it } from 'vitest';
import { resetLinkSentMessage, signUpLinkSentMessage } from '../../shared/domain/account.js';
import { latestOobCode } from '../support/auth-oob.js';
import { signUp, uniqueEmail } from '../support/auth-users.js';
import { freshPage as newPage, shopAndBrowserForFile, signInAt } from '../support/browser-shop.js';
import { resetLinkMailedTo, resetMailCount, verificationLinkMailedTo } from '../support/reset-mail.js';

const env = shopAndBrowserForFile();
const freshPage = () => newPage(env.browser);

describe('storefront accounts', () => {
  it('signs up, signs out and signs back in, returning to the page the shopper came from', async () => {
    const page = await freshPage();
    const email = uniqueEmail('shopper');
    await page.goto(`${env.shop.url}/store`);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login\?next=%2Fstore/);
    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.waitForURL(/\/signup\?next=%2Fstore/);

    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Choose a password of at least 6 characters').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('lab-bench-42');
    await page.getByLabel('Confirm password').fill('lab-bench-24');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The passwords do not match').waitFor();

    await page.getByLabel('Confirm password').fill('lab-bench-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Sign-up leads through the page that says where the confirmation link went.
    await page.waitForURL(`${env.shop.url}/confirm-email?next=%2Fstore`);
    await page.getByText(`We sent a link to ${email} — open it, then come back.`).waitFor();
    await page.getByRole('link', { name: 'Continue without confirming for now' }).click();
    await page.waitForURL(`${env.shop.url}/store`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).click();

    await signInAt(page, email, 'wrong-password');
    await page.getByText('Wrong email or password').waitFor();
    await signInAt(page, email, 'lab-bench-42');
    await page.waitForURL(`${env.shop.url}/store`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await page.goto(`${env.shop.url}/admin/`);
    await page.waitForURL(/\/login\?next=%2Fadmin%2F/);
    await page
      .getByText(`The account ${email} cannot open the admin area. Sign in with an admin account.`)
      .waitFor();

    await page.goto(`${env.shop.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('lab-bench-42');
    await page.getByLabel('Confirm password').fill('lab-bench-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(signUpLinkSentMessage(email)).waitFor();
    expect(await page.getByText(/already (in use|exists)/i).count()).toBe(0);
    expect(page.url()).toBe(`${env.shop.url}/signup`);
    // The owner of the address gets the way back into their account.
    await resetLinkMailedTo(env.shop.dataDir, email);
    await page.context().close();
  });

  it('keeps /settings for signed-in shoppers: name, verification and sign-out', async () => {
    const user = await signUp(undefined, undefined, { verified: false });
    const page = await freshPage();
    await page.goto(`${env.shop.url}/settings`);
    await page.waitForURL(/\/login\?next=%2Fsettings/);
    await signInAt(page, user.email, user.password);
    await page.waitForURL(`${env.shop.url}/settings`);

    await page.getByLabel('Display name').fill('Rosalind Franklin');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name was saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Display name').inputValue()).toBe('Rosalind Franklin');

    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await page.getByText(`Password reset email sent to ${user.email}`).waitFor();
    await resetLinkMailedTo(env.shop.dataDir, user.email);

    await page.getByText('Not verified').waitFor();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText(`Verification email sent to ${user.email}`).waitFor();
    await page.goto(await verificationLinkMailedTo(env.shop.dataDir, user.email));
    await page.getByText('Your email address is confirmed. Thank you!').waitFor();
    await page.getByRole('link', { name: 'Go to your settings' }).click();
    await page.getByText('Verified', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login\?next=%2Fsettings/);
    await page.context().close();
  });

  it('answers a reset request alike whether or not the address has an account, one outcome at a time', async () => {
    const stranger = uniqueEmail('nobody');
    const page = await freshPage();
    await page.goto(`${env.shop.url}/reset-password`);
    const send = page.getByRole('button', { name: 'Send reset link' });
    const alerts = page.getByRole('alert');
    const notices = page.getByRole('status');

    await page.getByLabel('Email').fill('not-an-email');
    await send.click();
    await alerts.getByText('Enter a valid email address').waitFor();
    expect(await notices.count()).toBe(0);

    await page.getByLabel('Email').fill(stranger);
    await send.click();
    await notices.getByText(resetLinkSentMessage(stranger)).waitFor();
    expect(await alerts.count()).toBe(0);

    await page.getByLabel('Email').fill('');
    await send.click();
    await alerts.getByText('Enter your email address').waitFor();
    expect(await notices.count()).toBe(0);

    const user = await signUp();
    await page.getByLabel('Email').fill(user.email);
    await send.click();
    await notices.getByText(resetLinkSentMessage(user.email)).waitFor();
    expect(await alerts.count()).toBe(0);
    await resetLinkMailedTo(env.shop.dataDir, user.email);
    expect(await resetMailCount(env.shop.dataDir, stranger)).toBe(0);
    await page.context().close();
  });

  it('resets a forgotten password through the link in the shop’s e-mail, which opens the shop’s own page', async () => {
    const user = await signUp();
    const page = await freshPage();
    await page.goto(`${env.shop.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(resetLinkSentMessage(user.email)).waitFor();

    const link = await resetLinkMailedTo(env.shop.dataDir, user.email);
    expect(link.startsWith(`${env.shop.url}/auth/action?`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText(`For ${user.email}`).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-7');
    await page.getByLabel('Confirm new password').fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password was changed. Sign in with your new password.').waitFor();

    await signInAt(page, user.email, user.password);
    await page.getByText('Wrong email or password').waitFor();
    await signInAt(page, user.email, 'brand-new-pass-7');
    await page.waitForURL(`${env.shop.url}/`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await page.goto(link);
    await page.getByText('This link is invalid or has already been used; ask for a new one').waitFor();
    await page.context().close();
  });

  it('signs in with an emailed link, asking for the email when opened in another browser', async () => {
    const user = await signUp();
    const page = await freshPage();
    await page.goto(`${env.shop.url}/email-link-login?next=%2Forders`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText(`we sent a sign-in link to ${user.email}`).waitFor();
    const first = await latestOobCode(user.email, 'EMAIL_SIGNIN');

    // Opened elsewhere: this browser does not know which address the link was sent to.
    const elsewhere = await freshPage();
    await elsewhere.goto(first.oobLink);
    await elsewhere.getByText('This link was opened in a different browser.').waitFor();
    await elsewhere.getByLabel('Email').fill(user.email);
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    await elsewhere.waitForURL(`${env.shop.url}/orders`);
    await elsewhere.getByText('You have not placed any orders yet.').waitFor();
    await elsewhere.context().close();

    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    const second = await latestOobCode(user.email, 'EMAIL_SIGNIN');
    expect(second.oobCode).not.toBe(first.oobCode);
    await page.goto(second.oobLink);
    await page.waitForURL(`${env.shop.url}/orders`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });

  it('sends the contact form, showing what is wrong with each field first', async () => {
    const page = await freshPage();
    await page.goto(`${env.shop.url}/contact`);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByText('Message must be at least 10 characters').waitFor();

    await page.getByLabel('Name').fill('Dr. Chen');
    await page.getByLabel('Email').fill('chen@lab.example');
    await page.getByLabel('Message').fill('Do you provide a certificate of analysis for BPC-157?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByText('Thank you! Your message has been sent; we will reply to chen@lab.example.')
      .waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    expect(await page.getByText('Name is required').count()).toBe(0);
    await page.context().close();
  });

  it('shows the terms of service with the research-use-only terms', async () => {
    const page = await freshPage();
    await page.goto(`${env.shop.url}/terms-of-service`);
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    for (const heading of [
      '1. Research use only',
      '2. Eligibility',
      '3. Prices and payment',
      '4. Shipping',
      '5. Returns and refunds',
    ])
      await page.getByRole('heading', { name: heading }).waitFor();
    await page.getByText('not for human or veterinary consumption').waitFor();
    await page.context().close();
  });
});
