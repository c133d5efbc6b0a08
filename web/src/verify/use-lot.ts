import useSWR from 'swr';
import { api } from '../../../shared/web/api.js';
import { resources } from '../page-data/resources.js';

/** A lot with its product and variant; null when no lot has this number; no request for ''. */
export function useLot(lotNumber: string) {
  const { key, load } = resources.lot(api, lotNumber);
  return useSWR(lotNumber ? key : null, load);
}
