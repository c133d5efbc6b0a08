import { mkdirSync } from 'node:fs';
import { embeddedAdminCredentials } from '../shared/backend/admin-credentials.js';
import { AuthService } from '../shared/backend/auth/auth-service.js';
import { type AuthEmulatorLease, acquireAuthEmulator } from '../shared/backend/auth/emulator-lease.js';
import { closeFirebaseApps } from '../shared/backend/auth/firebase-app.js';
import { imagesDir, loadConfig, loadConfigBeforeAuth } from '../shared/backend/config.js';
import { type Pruner, startImagePruner } from '../shared/backend/images/image-pruner.js';
import { openImageStore } from '../shared/backend/images/open-image-store.js';
import { withConfiguredMail } from '../shared/backend/mail/with-shop-mail.js';
import { type Sweeper, startOverdueSweeper } from '../shared/backend/orders/overdue-sweeper.js';
import { builtApps } from '../shared/backend/paths.js';
import { createPayments } from '../shared/backend/payments/payments.js';
import { markShopRunning } from '../shared/backend/running-shop.js';
import { seedSampleCatalogue } from '../shared/backend/seed/seed-catalogue.js';
import { openStore } from '../shared/backend/store/open-store.js';
import type { Store } from '../shared/backend/store/port.js';
import { assertSafeToListen, type RunningServer, startServer } from './start-server.js';

const SEEDED_KEY = 'sample_catalogue_seeded_at';
const log = (line: string) => console.log(line);

export interface EmbeddedShop {
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * `npm start`: the Auth emulator (unless one or real Auth is configured), the store, the first-start
 * seed, and the HTTP server for the API and both apps. Stops everything it started on stop().
 */
export async function startEmbeddedShop(env: NodeJS.ProcessEnv = process.env): Promise<EmbeddedShop> {
  const wantsEmulator = !env.FIREBASE_AUTH_EMULATOR_HOST && !env.SHOP_FIREBASE_API_KEY;
  // The configuration as it will be once our emulator runs, checked before anything starts.
  const planned = loadConfigBeforeAuth(env);
  assertSafeToListen(planned);
  const { dataDir } = planned;
  mkdirSync(dataDir, { recursive: true });

  let emulator: AuthEmulatorLease | null = null;
  let store: Store | null = null;
  let server: RunningServer | null = null;
  let sweeper: Sweeper | null = null;
  let pruner: Pruner | null = null;
  let maintenance: { stop(): Promise<void> } | null = null;
  let stopMail = async () => {};
  let unmark = () => {};
  const stop = async () => {
    await server?.close();
    await sweeper?.stop();
    await pruner?.stop();
    await maintenance?.stop();
    await stopMail();
    await store?.close();
    await closeFirebaseApps();
    await emulator?.release();
    unmark();
  };

  try {
    // `shop restore` refuses while this mark is there.
    unmark = markShopRunning(dataDir);
    // First, so a damaged database is refused before the emulator's 10 s start.
    store = await openStore(planned);
    maintenance = store.startMaintenance();
    if (wantsEmulator) {
      log('Starting the Firebase Auth emulator (about 10 s)…');
      // Through the data folder's lease, so a `shop` command can borrow this emulator meanwhile.
      emulator = await acquireAuthEmulator({
        dataDir,
        projectId: planned.projectId,
        port: Number(env.SHOP_AUTH_EMULATOR_PORT ?? 9099),
        shared: true,
        // Sign-ups reach the emulator straight from the browser; it saves them within a second or so.
        onSaveProblem: (line) => console.error(line),
        onWait: () => log('Waiting for a shop command to finish with this data folder’s Auth emulator…'),
      });
    }
    const config = loadConfig(emulator ? { ...env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : env);
    const images = await openImageStore(config);
    const auth = AuthService.fromConfig(config);

    // Only into an empty store: a catalogue imported with `shop` before the first start is the real one.
    // Never into a Firestore project: its data is the real shop's.
    if (config.backend === 'sqlite' && !(await store.meta.get(SEEDED_KEY))) {
      if ((await store.products.listAll()).length === 0) {
        const added = await seedSampleCatalogue(store, images);
        log(`Seeded the sample catalogue: ${added.products} products, ${added.lots} lots with certificates.`);
      }
      await store.meta.set(SEEDED_KEY, new Date().toISOString());
    }

    let admin: { email: string; password: string } | null = null;
    if (config.authEmulatorHost) {
      admin = embeddedAdminCredentials(config.dataDir, config.admin.email, config.admin.password);
      const { created } = await auth.ensureAdminAccount(admin.email, admin.password);
      if (created) log(`Created the admin account ${admin.email}.`);
      await emulator?.exportData();
    }

    // The server runs on, so e-mails go out after the answer; the sender starts by sending what a
    // previous run left in the outbox.
    const mail = withConfiguredMail(store, config, 'in-background');
    const shop = mail.store;
    stopMail = mail.stop;
    const payments = createPayments(config, shop);
    server = await startServer({
      config,
      store: shop,
      images,
      auth,
      payments,
      webDist: builtApps(),
      imagesDir: imagesDir(config),
    });
    // PORT=0 lets the system pick the port: links the shop e-mails from now on (a password reset's)
    // must carry the one it picked.
    if (config.port === 0 && !config.publicUrl) config.shopUrl = server.url;
    log('');
    log(`Peptide shop running at ${server.url}/`);
    log(`  Admin area:    ${server.url}/admin/`);
    log(`  API:           ${server.url}/api/health`);
    if (config.authEmulatorHost) log(`  Auth emulator: http://${config.authEmulatorHost}`);
    if (admin) log(`  Admin sign-in: ${admin.email} / ${admin.password}`);
    log(`  Data folder:   ${config.dataDir}`);
    log(`  E-mails:       ${mail.describe}`);
    log('Press Ctrl-C to stop.');
    sweeper = startOverdueSweeper({ orders: shop.orders, payments }, { log });
    pruner = startImagePruner(shop, images, { log });
    return { server, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
