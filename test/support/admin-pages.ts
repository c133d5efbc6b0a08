import type { Page } from 'playwright-core';

/** Fills the storefront's sign-in form (where the admin app sends signed-out visitors). */
export async function signInOnLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/login\?/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens an admin page, signing in on the way when the app sends the browser to /login. */
export async function openAdminPage(
  page: Page,
  baseUrl: string,
  path: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await signInOnLoginPage(page, account.email, account.password);
  await page.waitForURL(`${baseUrl}${path}`);
}
