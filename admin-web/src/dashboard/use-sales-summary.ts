import useSWR from 'swr';
import { adminApi } from '../../../shared/web/admin-api.js';
import { cacheKeys } from '../cache-keys.js';

/** How often the dashboard reads its figures again while open. */
const SUMMARY_REFRESH_MS = 30_000;

/** The server's summary of the 30 days ending today (UTC). */
export function useSalesSummary() {
  return useSWR(cacheKeys.salesSummary, () => adminApi.reports.summary(), {
    refreshInterval: SUMMARY_REFRESH_MS,
    keepPreviousData: true,
  });
}
