import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FirestoreStore,
  openFirestoreStore,
} from '../../shared/backend/store/firestore/firestore-store.js';
import { newProductSchema } from '../../shared/domain/product.js';
import { emulatorHost, signUp } from '../support/auth-users.js';
import { TEST_PROJECT_ID } from '../support/constants.js';
import { startFakeCloudStorage } from '../support/fake-cloud-storage.js';
import { startFirestoreEmulator } from '../support/firestore-emulator.js';
import { placeStoredOrder } from '../support/place-order.js';
import { startSmtpInbox } from '../support/smtp-inbox.js';

const emulator = await startFirestoreEmulator();

/**
 * Serves the exported function the way Cloud Functions does: the request body already read into
 * req.rawBody before the handler runs.
 */
async function serveFunction(handler: (req: IncomingMessage, res: unknown) => unknown): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    Object.assign(req, { rawBody: Buffer.concat(chunks) });
    await handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe(`the hosted API function (server/function.ts) on Firestore (${emulator.kind} emulator)`, () => {
  let server: Server;
  let base: string;
  let store: FirestoreStore;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let storage: Awaited<ReturnType<typeof startFakeCloudStorage>>;
  const saved = { ...process.env };

  beforeAll(async () => {
    [inbox, storage] = await Promise.all([startSmtpInbox(), startFakeCloudStorage()]);
    Object.assign(process.env, {
      SHOP_SMTP_URL: inbox.url,
      FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
      // What the Functions emulator passes: a named pipe, not a port the shop could use.
      PORT: '/tmp/functions-emulator.sock',
      SHOP_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      FIREBASE_CONFIG: JSON.stringify({
        projectId: TEST_PROJECT_ID,
        storageBucket: 'hosted-test.firebasestorage.app',
      }),
    });
    delete process.env.SHOP_BACKEND;
    store = openFirestoreStore({ projectId: TEST_PROJECT_ID });
    await store.clear();
    const { api } = await import('../../server/function.js');
    server = await serveFunction(api as unknown as (req: IncomingMessage, res: unknown) => unknown);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await inbox.close();
    await storage.close();
    for (const key of [
      'FIREBASE_STORAGE_EMULATOR_HOST',
      'STORAGE_EMULATOR_HOST',
      'PORT',
      'SHOP_PROJECT_ID',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'FIREBASE_CONFIG',
      'SHOP_SMTP_URL',
    ]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await emulator.stop();
  });

  it('lists the products Firestore holds', async () => {
    const added = await store.products.add(newProductSchema.parse({ name: 'Hosted BPC-157', price: 39.5 }));
    const response = await fetch(`${base}/api/products`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { products: { id: string; name: string }[] };
    expect(body.products.map((p) => [p.id, p.name])).toEqual([[added.id, 'Hosted BPC-157']]);
    const health = (await (await fetch(`${base}/api/health`)).json()) as { backend: string };
    expect(health.backend).toBe('firestore');
  });

  it('answers storefront pages as the embedded shop does: a product with its metadata, unknown paths 404 with noindex, robots.txt and the sitemap', async () => {
    const product = await store.products.add(
      newProductSchema.parse({ name: 'Hosted Page Peptide', price: 12 }),
    );
    const page = await fetch(`${base}/products/${product.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Hosted Page Peptide · Helix Peptides</title>');
    // Firebase Hosting's own address, from FIREBASE_CONFIG, not the function's.
    expect(html).toContain(
      `<link rel="canonical" href="https://${TEST_PROJECT_ID}.web.app/products/${product.id}" />`,
    );
    // Its content rendered by React, with the data it was rendered with for the browser to hydrate.
    expect(html).toMatch(/<h1[^>]*>Hosted Page Peptide<\/h1>/);
    expect(html).toContain('<script type="application/json" id="page-data">');
    const missing = await fetch(`${base}/products/no-such-product`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<meta name="robots" content="noindex" />');
    expect((await fetch(`${base}/no-such-page`)).status).toBe(404);
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain(
      `Sitemap: https://${TEST_PROJECT_ID}.web.app/sitemap.xml`,
    );
    expect(await (await fetch(`${base}/sitemap.xml`)).text()).toContain(`/products/${product.id}</loc>`);
  });

  it('takes request bodies from rawBody, as Cloud Functions hands them over', async () => {
    const response = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Canada?' }),
    });
    expect(response.status).toBe(201);
    expect((await store.messages.list()).map((m) => m.message)).toEqual(['Do you ship to Canada?']);
    // Sent before answering: Cloud Functions may freeze the instance once it has answered.
    expect(inbox.mails.filter((m) => m.subject === 'Contact form: Ada')).toHaveLength(1);
    expect((await store.outbox.list()).map((e) => e.status)).toEqual(['sent']);
  });

  /** A contact message as it reaches the function: `forwardedFor` as Google's front end hands it over. */
  const postContact = (headers: Record<string, string>) =>
    fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Canada?' }),
    });
  // Google's front end appends who connected to it and itself: a Fastly edge when Hosting forwarded it.
  const viaHosting = (client: string) => ({
    'fastly-client-ip': client,
    'x-forwarded-for': `${client}, 151.101.65.195, 35.191.3.7`,
  });

  it('limits contact messages per shopper by the address Firebase Hosting passes on, not per Google front end', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await postContact(viaHosting('203.0.113.9'))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await postContact(viaHosting('198.51.100.4'))).status).toBe(201);
  });

  it('limits a caller of the function’s own URL by its real address, whatever client address it claims', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const claimed = `192.0.2.${i + 1}`;
      const response = await postContact({
        'fastly-client-ip': claimed,
        // What the caller sent, then what Google's front end added: the caller's own address and itself.
        'x-forwarded-for': `${claimed}, 151.101.65.195, 198.51.100.66, 35.191.3.7`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('checks Firebase ID tokens and admin rights', async () => {
    expect((await fetch(`${base}/api/admin/orders`)).status).toBe(401);
    const shopper = await signUp();
    const forbidden = await fetch(`${base}/api/admin/orders`, {
      headers: { authorization: `Bearer ${shopper.idToken}` },
    });
    expect(forbidden.status).toBe(403);
  });

  it('cancels bank-transfer orders unpaid past their 48-hour hold from its hourly scheduled function', async () => {
    const fiftyHoursAgo = Date.now() - 50 * 60 * 60 * 1000;
    const past = openFirestoreStore({ projectId: TEST_PROJECT_ID, now: () => fiftyHoursAgo });
    const product = await past.products.add(
      newProductSchema.parse({ name: 'Hosted TB-500', price: 50, stock: 3 }),
    );
    const placed = async (via: FirestoreStore) => (await placeStoredOrder(via.orders, product.id, 2)).id;
    const stale = await placed(past);
    await past.close();
    await store.products.update(product.id, { stock: 3 });
    const fresh = await placed(store);

    const { cancelOverdueOrdersHourly } = await import('../../server/function.js');
    await cancelOverdueOrdersHourly.run({ scheduleTime: new Date().toISOString() });

    expect((await store.orders.get(stale))?.status).toBe('cancelled');
    expect((await store.orders.get(fresh))?.status).toBe('pending_payment');
    expect((await store.products.get(product.id))?.stock).toBe(3);
    // The shopper hears of it, with a link to the project's Hosting site.
    const told = inbox.mails.find((m) => m.subject.endsWith('was cancelled'));
    expect(told?.to).toBe('buyer@example.com');
    expect(told?.text).toContain('No payment received by the payment deadline; the items went back on sale.');
    expect(told?.text).toContain(`https://${TEST_PROJECT_ID}.web.app/order-details/${stale}`);
  });

  it('removes bucket images no product has used for a day from its daily scheduled function', async () => {
    const bucket = 'hosted-test.firebasestorage.app';
    const put = (name: string, ageMs: number) =>
      storage.put(bucket, `product-images/${name}`, Buffer.from('png'), new Date(Date.now() - ageMs));
    const DAY = 24 * 60 * 60 * 1000;
    const [used, unused, young] = [
      'HostedUsedImage00001.png',
      'HostedOldImage000001.png',
      'HostedYoungImage0001.png',
    ];
    put(used, 3 * DAY);
    put(unused, 2 * DAY);
    put(young, DAY / 2);
    await store.products.add(
      newProductSchema.parse({
        name: 'Hosted pictured peptide',
        price: 20,
        imgUrl: `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/product-images%2F${used}?alt=media&token=t`,
      }),
    );

    const { removeUnusedImagesDaily } = await import('../../server/function.js');
    await removeUnusedImagesDaily.run({ scheduleTime: new Date().toISOString() });

    const left = [...storage.objects.values()].filter((o) => o.bucket === bucket).map((o) => o.name);
    expect(left.sort()).toEqual([`product-images/${used}`, `product-images/${young}`]);
  });

  it('sends what the outbox still holds from its scheduled function: e-mails no request got to', async () => {
    // Queued as a change commits, by an instance that was stopped before it could send.
    await store.messages.add(
      { name: 'Left', email: 'left@example.com', message: 'Hello?', uid: null },
      (m) => [
        {
          to: { name: '', address: 'staff@example.com' },
          subject: `Left behind ${m.id}`,
          text: m.message,
          html: `<p>${m.message}</p>`,
        },
      ],
    );
    const [waiting] = await store.outbox.list('pending');
    expect(waiting?.mail.subject).toMatch(/^Left behind/);
    const { sendOutboxMail } = await import('../../server/function.js');
    await sendOutboxMail.run({ scheduleTime: new Date().toISOString() });
    expect(inbox.mails.filter((m) => m.subject === waiting?.mail.subject)).toHaveLength(1);
    expect(await store.outbox.list('pending')).toEqual([]);
  });
});
