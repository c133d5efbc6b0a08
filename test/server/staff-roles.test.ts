import { randomUUID } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { firebaseApp } from '../../shared/backend/auth/firebase-app.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { adminAppForFile } from '../support/admin-app.js';
import {
  adminAuth,
  emulatorHost,
  signIn,
  signUp,
  signUpAdmin,
  signUpFulfilment,
  uniqueEmail,
} from '../support/auth-users.js';
import { placeStoredOrder } from '../support/place-order.js';
import { createTestApp, jsonRequest } from '../support/test-app.js';

const ctx = adminAppForFile();

const admins = (method: string, path: string, token: string, body?: unknown) =>
  ctx.t.app.request(`/api/admin/admins${path}`, jsonRequest(method, body, token));
const ordersList = (token: string) =>
  ctx.t.app.request('/api/admin/orders', jsonRequest('GET', undefined, token));
const claimsOf = async (uid: string) => (await adminAuth().getUser(uid)).customClaims ?? {};
// Revocation is recorded with one-second precision: a token minted in the same second outlives it.
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));
const LAST_ADMIN = 'The last admin cannot be removed';

describe('fulfilment staff, granted and revoked through /api/admin/admins', () => {
  it('grants the fulfilment role, keeping other claims; the new token opens orders and nothing else', async () => {
    const packer = await signUp();
    await adminAuth().setCustomUserClaims(packer.uid, { tier: 'wholesale' });
    const granted = await admins('POST', '', ctx.admin.idToken, { email: packer.email, role: 'fulfilment' });
    expect(granted.status).toBe(200);
    expect((await granted.json()).admin).toMatchObject({ email: packer.email, role: 'fulfilment' });
    expect(await claimsOf(packer.uid)).toEqual({ tier: 'wholesale', role: 'fulfilment' });

    const token = await signIn(packer.email, packer.password);
    expect((await ordersList(token)).status).toBe(200);
    const products = await ctx.t.app.request('/api/admin/products', jsonRequest('GET', undefined, token));
    expect(products.status).toBe(403);
    expect((await admins('GET', '', token)).status).toBe(403);

    const list = (await (await admins('GET', '', ctx.admin.idToken)).json()).admins as {
      email: string;
      role: string;
    }[];
    expect(list.find((a) => a.email === packer.email)?.role).toBe('fulfilment');
    expect(list.find((a) => a.email === ctx.admin.email)?.role).toBe('admin');
  });

  it('refuses an unknown role, naming it', async () => {
    const shopper = await signUp();
    const response = await admins('POST', '', ctx.admin.idToken, { email: shopper.email, role: 'owner' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual([
      { field: 'role', message: 'role must be admin or fulfilment' },
    ]);
    expect(await claimsOf(shopper.uid)).toEqual({});
  });

  it('revoking the role ends the staff member’s sessions at once', async () => {
    const packer = await signUp();
    await admins('POST', '', ctx.admin.idToken, { email: packer.email, role: 'fulfilment' });
    const token = await signIn(packer.email, packer.password);
    expect((await ordersList(token)).status).toBe(200);
    await nextSecond();
    const revoked = await admins('DELETE', `/${encodeURIComponent(packer.email)}`, ctx.admin.idToken);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).admin).toMatchObject({ email: packer.email, role: null });
    expect(await claimsOf(packer.uid)).toEqual({});
    expect((await ordersList(token)).status).toBe(401);
    expect((await ordersList(await signIn(packer.email, packer.password))).status).toBe(403);
  });

  it('making a full admin fulfilment staff takes the rest away at once; making them admin again gives it back', async () => {
    const other = await signUpAdmin();
    await nextSecond();
    const demoted = await admins('POST', '', ctx.admin.idToken, { email: other.email, role: 'fulfilment' });
    expect(demoted.status).toBe(200);
    expect(await claimsOf(other.uid)).toEqual({ role: 'fulfilment' });
    // The token minted while they were a full admin opens nothing any more.
    expect((await admins('GET', '', other.idToken)).status).toBe(401);
    const packerToken = await signIn(other.email, other.password);
    expect((await admins('GET', '', packerToken)).status).toBe(403);
    expect((await ordersList(packerToken)).status).toBe(200);

    const promoted = await admins('POST', '', ctx.admin.idToken, { email: other.email, role: 'admin' });
    expect((await promoted.json()).admin).toMatchObject({ role: 'admin' });
    expect(await claimsOf(other.uid)).toEqual({ isAdmin: true });
    // Gaining rights signs nobody out: their session goes on, and its next token carries the claim.
    expect((await ordersList(packerToken)).status).toBe(200);
    expect((await admins('GET', '', await signIn(other.email, other.password))).status).toBe(200);
  });

  it('asks a full admin to confirm making themselves fulfilment staff', async () => {
    const me = await signUpAdmin();
    const asked = await admins('POST', '', me.idToken, { email: me.email, role: 'fulfilment' });
    expect(asked.status).toBe(409);
    expect((await asked.json()).error.message).toBe(
      'You are about to remove your own admin access; confirm it to go ahead',
    );
    expect(await claimsOf(me.uid)).toEqual({ isAdmin: true });
    const confirmed = await admins('POST', '?self=confirm', me.idToken, {
      email: me.email,
      role: 'fulfilment',
    });
    expect(confirmed.status).toBe(200);
    expect(await claimsOf(me.uid)).toEqual({ role: 'fulfilment' });
  });

  it('fulfilment staff can ship an order but not mark one paid or cancel it', async () => {
    const packer = await signUp();
    await admins('POST', '', ctx.admin.idToken, { email: packer.email, role: 'fulfilment' });
    const token = await signIn(packer.email, packer.password);
    const product = await ctx.t.store.products.add(
      newProductSchema.parse({ name: `Shipped ${randomUUID()}`, price: 9, stock: 5 }),
    );
    const order = await placeStoredOrder(ctx.t.store.orders, product.id, 1);
    const act = (action: string, body: unknown) =>
      ctx.t.app.request(`/api/admin/orders/${order.id}/${action}`, jsonRequest('POST', body, token));
    expect((await act('mark-paid', {})).status).toBe(403);
    expect((await act('cancel', {})).status).toBe(403);
    expect((await ctx.t.store.orders.get(order.id))!.status).toBe('pending_payment');
    await ctx.t.store.orders.markPaid(order.id, { reference: null });
    const shipped = await act('ship', { carrier: 'UPS', number: '1Z999AA10123456784' });
    expect(shipped.status).toBe(200);
    expect((await shipped.json()).order).toMatchObject({ status: 'shipped' });
  });
});

describe('the orders list for fulfilment staff', () => {
  const list = (query: string, token: string, headers: Record<string, string> = {}) =>
    ctx.t.app.request(`/api/admin/orders${query}`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('refuses fulfilment staff a sort by total (it ranks orders by money), naming sort; full admins may', async () => {
    const packer = await signUpFulfilment();
    for (const sort of ['total-desc', 'total-asc']) {
      const refused = await list(`?sort=${sort}`, packer.idToken);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error).toEqual({
        code: 'forbidden',
        message: 'Sorting by total is for full admins',
        fields: [{ field: 'sort', message: 'Sorting by total is for full admins' }],
      });
      expect((await list(`?sort=${sort}`, ctx.admin.idToken)).status).toBe(200);
    }
    expect((await list('?sort=oldest', packer.idToken)).status).toBe(200);
  });

  it('searches e-mails for full admins only: a search by e-mail tells fulfilment staff nothing', async () => {
    const packer = await signUpFulfilment();
    const product = await ctx.t.store.products.add(
      newProductSchema.parse({ name: `Searched ${randomUUID()}`, price: 9, stock: 5 }),
    );
    const email = uniqueEmail('searched');
    const order = await placeStoredOrder(ctx.t.store.orders, product.id, 1, { email });
    const found = async (q: string, token: string) =>
      (
        (await (await list(`?status=all&q=${encodeURIComponent(q)}`, token)).json()).orders as {
          id: string;
        }[]
      ).map((o) => o.id);
    expect(await found(email, ctx.admin.idToken)).toEqual([order.id]);
    expect(await found(email, packer.idToken)).toEqual([]);
    expect(await found(email.slice(0, 12), packer.idToken)).toEqual([]);
    expect(await found(order.number, packer.idToken)).toEqual([order.id]);
  });

  it('never answers 304 to a fulfilment token holding the tag of a page a full admin read whole', async () => {
    const packer = await signUpFulfilment();
    const whole = await list('?status=all', ctx.admin.idToken);
    const tag = whole.headers.get('etag')!;
    expect((await list('?status=all', ctx.admin.idToken, { 'if-none-match': tag })).status).toBe(304);
    const shipping = await list('?status=all', packer.idToken, { 'if-none-match': tag });
    expect(shipping.status).toBe(200);
    expect(shipping.headers.get('etag')).not.toBe(tag);
  });
});

describe('the last full admin', () => {
  it('can be neither removed nor made fulfilment staff, while fulfilment staff do not count', async () => {
    const projectId = `demo-roles-${randomUUID().slice(0, 8)}`;
    const users = getAuth(firebaseApp({ projectId, authEmulatorHost: emulatorHost() }));
    const app = createTestApp({}, { SHOP_PROJECT_ID: projectId });
    try {
      const make = async (label: string, claims: Record<string, unknown>) => {
        const [email, password] = [uniqueEmail(label), 'staff-pass-42'];
        const { uid } = await users.createUser({ email, password, emailVerified: true });
        await users.setCustomUserClaims(uid, claims);
        return { uid, email, token: await signIn(email, password, projectId) };
      };
      const me = await make('me', { isAdmin: true, tier: 'owner' });
      const packer = await make('packer', { role: 'fulfilment' });
      const call = (method: string, path: string, body?: unknown) =>
        app.app.request(`/api/admin/admins${path}`, jsonRequest(method, body, me.token));

      const demote = await call('POST', '?self=confirm', { email: me.email, role: 'fulfilment' });
      expect(demote.status).toBe(409);
      expect(await demote.json()).toEqual({ error: { code: 'conflict', message: LAST_ADMIN } });
      const remove = await call('DELETE', `/${encodeURIComponent(me.email)}?self=confirm`);
      expect(remove.status).toBe(409);
      expect((await users.getUser(me.uid)).customClaims).toEqual({ isAdmin: true, tier: 'owner' });

      // Promoting the packer makes a second full admin; then the first may step down to fulfilment.
      expect((await call('POST', '', { email: packer.email, role: 'admin' })).status).toBe(200);
      const stepDown = await call('POST', '?self=confirm', { email: me.email, role: 'fulfilment' });
      expect(stepDown.status).toBe(200);
      expect((await users.getUser(me.uid)).customClaims).toEqual({ tier: 'owner', role: 'fulfilment' });
      expect((await users.getUser(packer.uid)).customClaims).toEqual({ isAdmin: true });
    } finally {
      await app.close();
    }
  });
});
