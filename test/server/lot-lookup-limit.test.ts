import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOT_LOOKUPS_PER_MINUTE } from '../../server/routes/lots.js';
import { twoSizeBpc } from '../support/lots.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // Behind a proxy that names each client, so two clients can be told apart in one process.
  t = createTestApp({}, { SHOP_CLIENT_IP_HEADER: 'x-client-ip' });
  const bpc = await t.store.products.add(twoSizeBpc());
  await t.store.lots.add({
    lotNumber: 'HX-2611-014',
    productId: bpc.id,
    variantId: bpc.variants[1]!.id,
    testedAt: '2026-11-01',
    purity: 99.2,
    coaUrl: 'https://example.com/coa.pdf',
  });
});
afterAll(() => t.close());

const lookUp = (client: string, lotNumber: string) =>
  t.app.request(`/api/lots/${lotNumber}`, { headers: { 'x-client-ip': client } });
const verifyPage = async (client: string) =>
  (await t.app.request('/verify?lot=HX-2611-014', { headers: { 'x-client-ip': client } })).text();

describe('lot look-ups are limited per client address', () => {
  it(`answers ${LOT_LOOKUPS_PER_MINUTE} look-ups a minute, found or not, then 429 with Retry-After; another client still looks up`, async () => {
    expect(await verifyPage('203.0.113.7')).toContain('99.2');
    const statuses = new Set<number>();
    // The page above read the lot through the API once for this client: it counts.
    for (let n = 1; n < LOT_LOOKUPS_PER_MINUTE; n++)
      statuses.add((await lookUp('203.0.113.7', `HX-2611-${String(n).padStart(3, '0')}`)).status);
    expect([...statuses].sort()).toEqual([200, 404]);

    const limited = await lookUp('203.0.113.7', 'HX-2611-014');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe('rate-limited');
    // Nor does the verify page, rendered on the server, look the lot up for this client any more.
    expect(await verifyPage('203.0.113.7')).not.toContain('99.2');

    expect((await lookUp('198.51.100.2', 'HX-2611-014')).status).toBe(200);
    expect(await verifyPage('198.51.100.2')).toContain('99.2');
  });
});
