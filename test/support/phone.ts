import type { BrowserContextOptions } from 'playwright-core';

/** A current phone as Chromium emulates it: 390×844 CSS pixels at 3×, touch, mobile viewport. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
