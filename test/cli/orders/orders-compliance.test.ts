import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../../../shared/backend/config.js';
import { openSqliteStore } from '../../../shared/backend/store/sqlite/sqlite-store.js';
import { type Attested, TERMS_VERSION } from '../../../shared/domain/compliance.js';
import type { Order } from '../../../shared/domain/order.js';
import { newProductSchema } from '../../../shared/domain/product.js';
import { shopInProcess, tempDataDir } from '../../support/cli.js';
import { TEST_ADDRESS } from '../../support/constants.js';

const data = tempDataDir('orders-compliance');
afterAll(() => data.remove());
const shop = (...args: string[]) => shopInProcess(data.dir, args);
const PLACED_AT = Date.UTC(2026, 10, 28, 9, 15, 30);

let attested: Order;
let older: Order;

beforeAll(async () => {
  const store = openSqliteStore({ file: databaseFile({ dataDir: data.dir }), now: () => PLACED_AT });
  try {
    const { id: productId } = await store.products.add(
      newProductSchema.parse({ name: 'Recorded', price: 10 }),
    );
    const place = async (compliance?: Attested) =>
      (
        await store.orders.place({
          uid: 'uid-compliance',
          email: 'compliance@example.com',
          lines: [{ productId, quantity: 1 }],
          shippingAddress: { ...TEST_ADDRESS, line2: '' },
          paymentProvider: 'manual',
          idempotencyKey: randomUUID(),
          ...(compliance ? { compliance } : {}),
        })
      ).order;
    attested = await place({ adult: true, researchUse: true, minimumAge: 21, termsVersion: TERMS_VERSION });
    older = await place();
  } finally {
    await store.close();
  }
});

describe('shop orders show says what the shopper attested', () => {
  it('shows the age and research use confirmed, the terms version and when', async () => {
    const shown = await shop('orders', 'show', attested.number);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(
      `Compliance: confirmed 21 or older, research use only; terms version ${TERMS_VERSION}; at 2026-11-28T09:15:30Z`,
    );
    const json = (await shop('--json', 'orders', 'show', attested.number)).data as Order;
    expect(json.compliance).toEqual({
      adult: true,
      researchUse: true,
      minimumAge: 21,
      termsVersion: TERMS_VERSION,
      at: { seconds: PLACED_AT / 1000, nanoseconds: 0 },
    });
  });

  it('says "not recorded" for an order placed before attestations were kept', async () => {
    const shown = await shop('orders', 'show', older.number);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Compliance: not recorded');
    expect(((await shop('--json', 'orders', 'show', older.number)).data as Order).compliance).toBeNull();
  });
});
