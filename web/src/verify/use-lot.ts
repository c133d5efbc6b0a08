import useSWR from 'swr';
import { ApiError } from '../../../shared/api/errors.js';
import { api } from '../../../shared/web/api.js';
import { cacheKeys } from '../cache-keys.js';

/** A lot with its product and variant; null when no lot has this number; no request for ''. */
export function useLot(lotNumber: string) {
  return useSWR(lotNumber ? cacheKeys.lot(lotNumber) : null, async () => {
    try {
      return await api.lots.get(lotNumber);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  });
}
