import type { StaffRole } from '../../domain/staff-role.js';
import type { Store } from '../store/port.js';
import { staffChange } from './staff-change.js';

/**
 * Records a change of someone's staff role (null: none; 'admin' is full admin). Rights live in Auth,
 * which shares no transaction with the store, so the entry is written just after the claim changed (a
 * crash in between loses it).
 */
export async function recordAdminRights(
  store: Store,
  email: string,
  was: StaffRole | null,
  now: StaffRole | null,
): Promise<void> {
  const entry = staffChange('admin', email.trim().toLowerCase(), () => [{ role: was }, { role: now }]);
  if (entry) await store.audit.record([entry]);
}
