import type { Store } from '../store/port.js';
import { staffChange } from './staff-change.js';

/**
 * Records a grant or revoke of admin rights. Rights live in Auth, which shares no transaction with
 * the store, so the entry is written just after the claim changed (a crash in between loses it).
 */
export async function recordAdminRights(
  store: Store,
  email: string,
  was: boolean,
  now: boolean,
): Promise<void> {
  const entry = staffChange('admin', email.trim().toLowerCase(), () => [{ isAdmin: was }, { isAdmin: now }]);
  if (entry) await store.audit.record([entry]);
}
