import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../shared/domain/audit.js';
import { newProductSchema } from '../../shared/domain/product.js';
import {
  adminAuth,
  emulatorHost,
  signIn,
  signUpAdmin,
  signUpFulfilment,
  type TestUser,
  uniqueEmail,
} from '../support/auth-users.js';
import { placeStoredOrder } from '../support/place-order.js';
import { createTestApp, jsonRequest, type TestApp } from '../support/test-app.js';

/** Changes the signed-in user's own e-mail through the Auth REST API, as anyone with their ID token can. */
async function changeOwnEmail(user: TestUser, email: string): Promise<void> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:update?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: user.idToken, email, returnSecureToken: true }),
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  // the new address is theirs and verified: the uid, not the address, must tell who they are
  await adminAuth().updateUser(user.uid, { emailVerified: true });
}

describe('the audit log names the person (uid), whatever e-mail they use', () => {
  let t: TestApp;
  let owner: TestUser;
  let packer: TestUser;
  let reader: TestUser;
  const audit = async (query: string) => {
    const response = await t.app.request(
      `/api/admin/audit${query}`,
      jsonRequest('GET', undefined, reader.idToken),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as AuditPage).entries;
  };
  const ship = async (user: TestUser, orderId: string) => {
    const response = await t.app.request(
      `/api/admin/orders/${orderId}/ship`,
      jsonRequest('POST', { carrier: 'UPS', number: '1Z999AA10123456784' }, user.idToken),
    );
    expect(response.status, await response.clone().text()).toBe(200);
  };

  beforeAll(async () => {
    t = createTestApp();
    [owner, packer, reader] = await Promise.all([signUpAdmin(), signUpFulfilment(), signUpAdmin()]);
  });
  afterAll(() => t.close());

  it('keeps a fulfilment user’s shipments theirs after they take over the owner’s e-mail address', async () => {
    const { id } = await t.store.products.add(
      newProductSchema.parse({ name: `Person ${randomUUID()}`, price: 20, stock: 10 }),
    );
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const order = await placeStoredOrder(t.store.orders, id, 1);
      orders.push(await t.store.orders.markPaid(order.id, { reference: null }));
    }
    await ship(owner, orders[0]!.id);
    const ownerAddress = owner.email;
    // the owner moves to a new address; the packer claims the old one and ships the rest under it
    await adminAuth().updateUser(owner.uid, { email: uniqueEmail('owner-new') });
    await ship(packer, orders[1]!.id);
    await changeOwnEmail(packer, ownerAddress);
    const posing = { ...packer, email: ownerAddress, idToken: await signIn(ownerAddress, packer.password) };
    await ship(posing, orders[2]!.id);

    const byAddress = await audit(`?entity=order&actor=${encodeURIComponent(ownerAddress)}`);
    expect(byAddress.map((e) => [e.entityId, e.actorUid])).toEqual([
      [orders[2]!.id, packer.uid],
      [orders[0]!.id, owner.uid],
    ]);
    const byPacker = await audit(`?actorUid=${packer.uid}`);
    expect(byPacker.map((e: AuditEntry) => [e.entityId, e.actor, e.after.status])).toEqual([
      [orders[2]!.id, ownerAddress, 'shipped'],
      [orders[1]!.id, packer.email, 'shipped'],
    ]);
    expect((await audit(`?actorUid=${owner.uid}`)).map((e) => e.entityId)).toEqual([orders[0]!.id]);
  });

  it('refuses a blank or overlong actorUid, naming it', async () => {
    for (const value of ['%20', 'x'.repeat(129)]) {
      const response = await t.app.request(
        `/api/admin/audit?actorUid=${value}`,
        jsonRequest('GET', undefined, reader.idToken),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields.map((f: { field: string }) => f.field)).toEqual([
        'actorUid',
      ]);
    }
  });
});
