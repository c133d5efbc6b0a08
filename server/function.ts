import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { AuthService } from '../shared/backend/auth/auth-service.js';
import { loadConfig, type ShopConfig } from '../shared/backend/config.js';
import { pruneAndLog } from '../shared/backend/images/image-pruner.js';
import { openImageStore } from '../shared/backend/images/open-image-store.js';
import { withConfiguredMail } from '../shared/backend/mail/with-shop-mail.js';
import { cancelOverdueOrders } from '../shared/backend/orders/cancel-overdue.js';
import { builtApps } from '../shared/backend/paths.js';
import { createPayments } from '../shared/backend/payments/payments.js';
import { openFirestoreStore } from '../shared/backend/store/firestore/firestore-store.js';
import { createApp } from './app.js';

/** Must match the rewrite of /api/** in firebase.json. */
export const FUNCTION_REGION = 'us-central1';

type Listener = ReturnType<typeof getRequestListener>;
let listener: Promise<Listener> | null = null;

/**
 * The environment the hosted API runs with: Firestore, the project's default bucket and its default
 * Hosting address (for links in e-mails and Stripe's return URLs) from the FIREBASE_CONFIG the
 * Functions runtime provides, unless the deployment's .env says otherwise. PORT
 * and HOST belong to the runtime's own server (the Functions emulator even sets PORT to a pipe), not
 * to the shop's, which does not listen here.
 */
export function hostedEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { PORT: _port, HOST: _host, ...shopEnv } = env;
  const firebase = env.FIREBASE_CONFIG
    ? (JSON.parse(env.FIREBASE_CONFIG) as { storageBucket?: string; projectId?: string })
    : {};
  return {
    ...(firebase.projectId ? { SHOP_PUBLIC_URL: `https://${firebase.projectId}.web.app` } : {}),
    // Firebase Hosting's CDN names the client here; the connection is Google's front end for everyone.
    // Believed only on requests that came through Hosting: anyone can call the function's URL and set it.
    SHOP_CLIENT_IP_HEADER: 'fastly-client-ip',
    SHOP_CLIENT_IP_HEADER_FROM: 'firebase-hosting',
    ...(firebase.storageBucket ? { SHOP_STORAGE_BUCKET: firebase.storageBucket } : {}),
    ...shopEnv,
    // The function is the hosted shop: Firestore whatever the deployment's .env says.
    SHOP_BACKEND: 'firestore',
  };
}

/**
 * The hosted store, e-mailing shoppers and staff as the shop does, each change sending its e-mails
 * before the function answers. Always Firestore, imported directly so the deployed function does
 * not ship, or build, SQLite's native module.
 */
async function openHostedStore(config: ShopConfig) {
  const store = openFirestoreStore({ projectId: config.projectId });
  await store.upgrade();
  return withConfiguredMail(store, config, 'before-answering');
}

/**
 * Where the storefront's index.html and its server renderer are: beside the deployed function
 * (build:deploy puts them there, as Hosting sends every storefront page here), or the local build when
 * run from source.
 */
function storefrontPages(): { storefront: string; renderer: string } {
  const deployed = fileURLToPath(new URL('../storefront/', import.meta.url));
  if (!existsSync(deployed)) {
    const { storefront, renderer } = builtApps();
    return { storefront, renderer };
  }
  return { storefront: deployed, renderer: fileURLToPath(new URL('../storefront/render/', import.meta.url)) };
}

/** Built on the first request of an instance and reused by the following ones. */
async function createListener(): Promise<Listener> {
  const config = loadConfig(hostedEnv());
  const { store } = await openHostedStore(config);
  const app = createApp({
    config,
    store,
    webDist: storefrontPages(),
    images: await openImageStore(config),
    auth: AuthService.fromConfig(config),
    payments: createPayments(config, store),
  });
  return getRequestListener(app.fetch);
}

/**
 * The shop API as an HTTPS Cloud Function (2nd gen); Firebase Hosting rewrites /api/**, robots.txt,
 * the sitemaps and every storefront page to it (pages get their status and metadata here, as on the
 * embedded shop). The apps' files themselves are static files on Hosting.
 */
export const api = onRequest(
  { region: FUNCTION_REGION, memory: '512MiB', concurrency: 80, invoker: 'public' },
  async (req, res) => {
    listener ??= createListener();
    let handle: Listener;
    try {
      handle = await listener;
    } catch (error) {
      // A configuration mistake: log it for the operator, answer plainly, and try again next time.
      listener = null;
      console.error('[api] cannot start:', error);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { code: 'internal', message: 'The shop is not configured correctly' } }),
      );
      return;
    }
    await handle(req, res);
  },
);

/**
 * Hourly, cancels bank-transfer orders left unpaid past their deadline and puts their stock back
 * (the embedded shop does the same from its own timer). Cloud Scheduler triggers it.
 */
export const cancelOverdueOrdersHourly = onSchedule(
  { schedule: 'every 1 hours', region: FUNCTION_REGION, retryCount: 0 },
  async () => {
    const config = loadConfig(hostedEnv());
    const { store } = await openHostedStore(config);
    try {
      for (const order of await cancelOverdueOrders(
        { orders: store.orders, payments: createPayments(config, store) },
        Date.now(),
      ))
        console.log(`Cancelled unpaid order ${order.number} (${order.email}): past its payment deadline.`);
    } finally {
      await store.close();
    }
  },
);

/**
 * Daily, deletes the bucket's images that no product uses and were stored over a day ago (the
 * embedded shop does the same from its own timer).
 */
export const removeUnusedImagesDaily = onSchedule(
  { schedule: 'every 24 hours', region: FUNCTION_REGION, retryCount: 0 },
  async () => {
    const config = loadConfig(hostedEnv());
    const store = openFirestoreStore({ projectId: config.projectId });
    try {
      await pruneAndLog(store, await openImageStore(config));
    } finally {
      await store.close();
    }
  },
);

/**
 * Every 5 minutes, sends what the outbox still holds: e-mails whose retry has fallen due, those a
 * request did not get to before answering, and those of an instance that died mid-send.
 */
export const sendOutboxMail = onSchedule(
  { schedule: 'every 5 minutes', region: FUNCTION_REGION, retryCount: 0 },
  async () => {
    const mail = await openHostedStore(loadConfig(hostedEnv()));
    try {
      const { sent, retrying, failed } = await mail.drain();
      if (sent + retrying + failed > 0)
        console.log(`Outbox: ${sent} e-mails sent, ${retrying} to retry, ${failed} given up on.`);
    } finally {
      await mail.store.close();
    }
  },
);
