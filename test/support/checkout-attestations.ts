import type { Page } from 'playwright-core';

/** Ticks the checkout's two attestations: of age (the shop's minimum, 21 unless set) and research use only. */
export async function tickAttestations(page: Page, minimumAge = 21): Promise<void> {
  await page.getByRole('checkbox', { name: `I am ${minimumAge} years of age or older.` }).check();
  await page.getByRole('checkbox', { name: /laboratory research only/ }).check();
}
