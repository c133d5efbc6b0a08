import { staffChange } from '../audit/staff-change.js';
import type { Store } from '../store/port.js';

/** What a settings change reads, writes and records in. */
export type SettingsStore = Pick<Store, 'meta' | 'audit'>;

/**
 * Records who changed a group of settings (`name`: 'shop', 'shipping', 'tax') from what to what,
 * the fields that differ only. The store's small settings have no transaction to share with the log:
 * the entry follows the write (a crash between them loses the entry, never the setting).
 */
export async function recordSettingsChange(
  store: SettingsStore,
  name: string,
  before: object,
  after: object,
): Promise<void> {
  const entry = staffChange('settings', name, () => [before, after]);
  if (entry) await store.audit.record([entry]);
}
