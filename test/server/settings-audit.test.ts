import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/domain/audit.js';
import { DEFAULT_SHIPPING_CONFIG } from '../../shared/domain/shipping-rates.js';
import { signUpAdmin, type TestUser } from '../support/auth-users.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

/** A change through each route that writes settings, and the fields its entry must show changed. */
const CHANGES: Record<string, { body: unknown; entityId: string; after: Record<string, unknown> }> = {
  'PATCH /api/admin/settings': {
    body: { lowStockThreshold: 3 },
    entityId: 'shop',
    after: { lowStockThreshold: 3 },
  },
  'PUT /api/admin/settings/shipping': {
    body: {
      zones: [{ ...DEFAULT_SHIPPING_CONFIG.zones[0]!, freeShippingOver: 250 }],
    },
    entityId: 'shipping',
    after: { 'zones.everywhere.freeShippingOver': 250 },
  },
  'PUT /api/admin/settings/tax': {
    body: { rates: [{ country: 'US', region: 'CA', label: 'Sales tax', ratePercent: 7.25 }] },
    entityId: 'tax',
    after: { rates: [expect.objectContaining({ country: 'US', region: 'CA', ratePercent: 7.25 })] },
  },
  'PATCH /api/admin/settings/checkout-limits': {
    body: { holdHours: 24, maxPerAccount: 5 },
    entityId: 'checkoutLimits',
    after: { holdHours: 24, maxPerAccount: 5 },
  },
};

describe('every settings change is audited, naming the person', () => {
  let t: TestApp;
  let admin: TestUser;
  const call = (method: string, path: string, body?: unknown) =>
    t.app.request(path, jsonRequest(method, body, admin.idToken));
  const settingsEntries = async () =>
    ((await (await call('GET', '/api/admin/audit?entity=settings')).json()) as AuditPage).entries;

  beforeAll(async () => {
    t = createTestApp();
    admin = await signUpAdmin();
  });
  afterAll(() => t.close());

  it('has a change below for every route that writes settings', () => {
    const writing = t.app.routes
      .filter((r) => r.path.startsWith('/api/admin/settings') && !['GET', 'ALL'].includes(r.method))
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(writing)].sort()).toEqual(Object.keys(CHANGES).sort());
  });

  it.each(Object.entries(CHANGES))(
    '%s records who changed which setting from what',
    async (route, change) => {
      const [method, path] = route.split(' ') as [string, string];
      const response = await call(method, path, change.body);
      expect(response.status, await response.clone().text()).toBe(200);
      const [entry] = await settingsEntries();
      expect(entry).toMatchObject({
        actor: admin.email,
        actorUid: admin.uid,
        entity: 'settings',
        entityId: change.entityId,
        action: 'updated',
        after: change.after,
      });
      expect(Object.keys(entry!.before).sort()).toEqual(Object.keys(change.after).sort());

      // the same again changes nothing, and records nothing
      const count = (await settingsEntries()).length;
      expect((await call(method, path, change.body)).status).toBe(200);
      expect(await settingsEntries()).toHaveLength(count);
    },
  );
});
