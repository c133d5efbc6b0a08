import type { Page } from 'playwright-core';
import { signInAt } from './browser-shop.js';

/** Opens an admin page as a signed-out visitor: the app sends the browser to /login, and back after. */
export async function openAdminPage(
  page: Page,
  baseUrl: string,
  path: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(`${baseUrl}/login?next=${encodeURIComponent(path)}`);
  await signInAt(page, account.email, account.password);
  await page.waitForURL(`${baseUrl}${path}`);
}
