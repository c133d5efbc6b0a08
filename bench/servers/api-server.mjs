// Child process: the real API server over a seeded SQLite store in the given data folder;
// `--auth-emulator=<host:port>` names the Auth emulator; `--with-apps` also serves the built storefront and admin app, as `npm start` does;
// `--with-mail` e-mails as the embedded shop does (each order's e-mail written to the outbox with it, sent in the background).

import { startServer } from '../../dist/node/server/start-server.js';
import { AuthService } from '../../dist/node/shared/backend/auth/auth-service.js';
import { imagesDir, loadConfig } from '../../dist/node/shared/backend/config.js';
import { DiskImageStore } from '../../dist/node/shared/backend/images/disk/disk-image-store.js';
import { withConfiguredMail } from '../../dist/node/shared/backend/mail/with-shop-mail.js';
import { builtApps } from '../../dist/node/shared/backend/paths.js';
import { createPayments } from '../../dist/node/shared/backend/payments/payments.js';
import { openStore } from '../../dist/node/shared/backend/store/open-store.js';

const config = loadConfig({
  SHOP_DATA_DIR: process.argv[2],
  PORT: '0',
  // Requests that need Auth name a stand-in; otherwise a dead address proves none does.
  FIREBASE_AUTH_EMULATOR_HOST:
    process.argv.find((a) => a.startsWith('--auth-emulator='))?.slice('--auth-emulator='.length) ??
    '127.0.0.1:1',
});
const opened = await openStore(config);
const store = process.argv.includes('--with-mail')
  ? withConfiguredMail(opened, config, 'in-background').store
  : opened;
const server = await startServer({
  config,
  store,
  images: new DiskImageStore(imagesDir(config)),
  auth: AuthService.fromConfig(config),
  payments: createPayments(config, store),
  ...(process.argv.includes('--with-apps') ? { webDist: builtApps() } : {}),
});
process.send?.({ url: server.url });
