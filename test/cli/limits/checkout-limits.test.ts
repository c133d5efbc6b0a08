import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';

const folder = tempDataDir('limits');
afterAll(() => folder.remove());
const shop = (...args: string[]) => shopInProcess(folder.dir, args);

describe('shop limits', () => {
  it('shows the defaults, changes the limits named (audited) and refuses a bad value naming its flag', async () => {
    const shown = await shop('limits', 'show');
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toContain('hours an unpaid bank-transfer order holds its stock');
    expect(shown.data).toEqual({
      holdHours: 48,
      maxPerAccount: 3,
      maxUnitsPerSize: 20,
      checkoutsPerAccount: 10,
      checkoutsPerAddress: 30,
    });

    const set = await shop('limits', 'set', '--hold-hours', '24', '--max-per-account', '5');
    expect(set.exitCode).toBe(0);
    expect(set.data).toMatchObject({ holdHours: 24, maxPerAccount: 5, maxUnitsPerSize: 20 });

    const bad = await shop('limits', 'set', '--max-units-per-size', '0');
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('--max-units-per-size: maxUnitsPerSize must be at least 1');
    const none = await shop('limits', 'set');
    expect(none.exitCode).not.toBe(0);
    expect(none.stderr).toContain('Name a limit to change');
    expect((await shop('limits', 'show')).data).toMatchObject({ holdHours: 24, maxUnitsPerSize: 20 });

    const store = openSqliteStore({ file: databaseFile({ dataDir: folder.dir }) });
    const { entries } = await store.audit.list({ entity: 'settings', entityId: 'checkoutLimits', limit: 10 });
    expect(entries).toMatchObject([
      { before: { holdHours: 48, maxPerAccount: 3 }, after: { holdHours: 24, maxPerAccount: 5 } },
    ]);
    await store.close();
  });
});
