import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app.js';
import type { AppDeps } from '../../server/deps.js';
import { AuthService } from '../../shared/backend/auth/auth-service.js';
import { loadConfig, type ShopConfig } from '../../shared/backend/config.js';
import { DiskImageStore } from '../../shared/backend/images/disk/disk-image-store.js';
import { withConfiguredMail } from '../../shared/backend/mail/with-shop-mail.js';
import { builtApps } from '../../shared/backend/paths.js';
import { createPayments } from '../../shared/backend/payments/payments.js';
import { openSqliteStore, type SqliteStore } from '../../shared/backend/store/sqlite/sqlite-store.js';
import { emulatorHost } from './auth-users.js';
import { TEST_PROJECT_ID } from './constants.js';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  /** The app's store without its e-mails, to set up and inspect data. */
  store: SqliteStore;
  deps: AppDeps;
  config: ShopConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app over a real SQLite file in a temporary folder and the test run's Auth emulator. */
export function createTestApp(overrides: Partial<AppDeps> = {}, env: Record<string, string> = {}): TestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-server-'));
  const config = loadConfig(
    {
      SHOP_DATA_DIR: dataDir,
      SHOP_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      ...env,
    },
    dataDir,
  );
  const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
  // As the hosted shop runs: order changes e-mail the shopper before answering (into the outbox
  // folder unless SHOP_SMTP_URL is set).
  const mailing = withConfiguredMail(store, config, 'before-answering').store;
  const imagesDir = join(dataDir, 'images');
  const deps: AppDeps = {
    config,
    store: mailing,
    images: new DiskImageStore(imagesDir),
    auth: AuthService.fromConfig(config),
    payments: createPayments(config, mailing),
    webDist: builtApps(),
    imagesDir,
    ...overrides,
  };
  return {
    app: createApp(deps),
    store,
    deps,
    config,
    dataDir,
    close: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds a JSON request with an optional bearer token. */
export function jsonRequest(method: string, body?: unknown, token?: string): RequestInit {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
}
