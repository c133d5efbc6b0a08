import { PRELOAD_ERROR_EVENT } from './lazy-page.js';

const RELOADED_AT_KEY = 'reloadedForStaleChunksAt';
const RETRY_AFTER_MS = 60_000;

/**
 * A page's code failing to load usually means a new release replaced the old chunks: reload once to
 * get the new ones. A second failure within a minute is left to the error screen, so a real outage
 * never turns into a reload loop.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener(PRELOAD_ERROR_EVENT, () => {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RETRY_AFTER_MS) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  });
}
