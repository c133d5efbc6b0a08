import { existsSync, mkdirSync, statSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import type { AuthService } from '../shared/backend/auth/auth-service.js';
import type { ShopConfig } from '../shared/backend/config.js';
import type { ImageStore } from '../shared/backend/images/port.js';
import type { ShopMail } from '../shared/backend/mail/with-shop-mail.js';
import type { Payments } from '../shared/backend/payments/payments.js';
import type { Store } from '../shared/backend/store/port.js';
import { type AuditActor, cliActor } from '../shared/domain/audit.js';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';
import { Output } from './output.js';

export interface GlobalOptions {
  data?: string;
  /** Create the --data folder when it does not exist (else a missing one is refused). */
  init?: boolean;
  backend?: string;
  json?: boolean;
  quiet?: boolean;
  color?: boolean;
}

/** The emulator, a key file, or gcloud's application-default login; else only a metadata server can help. */
function hasLocalGoogleCredentials(env: NodeJS.ProcessEnv): boolean {
  if (env.FIRESTORE_EMULATOR_HOST || env.GOOGLE_APPLICATION_CREDENTIALS) return true;
  const gcloudConfig =
    env.CLOUDSDK_CONFIG ??
    (process.platform === 'win32'
      ? join(env.APPDATA ?? homedir(), 'gcloud')
      : join(env.HOME ?? homedir(), '.config', 'gcloud'));
  return existsSync(join(gcloudConfig, 'application_default_credentials.json'));
}

export type Backend = 'sqlite' | 'firestore';
const BACKENDS: readonly Backend[] = ['sqlite', 'firestore'];

/** What every command gets: where the data is, the output, and the store and Auth opened on demand. */
export class CliContext {
  readonly out: Output;
  readonly dataDir: string;
  readonly backend: Backend;
  private openedStore: Promise<Store> | null = null;
  private readonly cleanups: (() => Promise<void>)[] = [];

  constructor(
    readonly io: CliIo,
    options: GlobalOptions,
  ) {
    this.out = new Output(io, {
      json: options.json === true,
      quiet: options.quiet === true,
      color: options.color !== false,
    });
    const defaultDir = resolve(io.cwd, io.env.SHOP_DATA_DIR ?? '.data');
    this.dataDir = resolve(io.cwd, options.data ?? defaultDir);
    // A mistyped --data would otherwise open a new, empty shop there and report success.
    if (this.dataDir !== defaultDir && !existsSync(this.dataDir)) {
      if (options.init !== true)
        throw new UsageError(
          `--data ${this.dataDir}: no such folder (check the path, or add --init to start a new shop there)`,
        );
      mkdirSync(this.dataDir, { recursive: true });
    }
    const backend = options.backend ?? io.env.SHOP_BACKEND ?? 'sqlite';
    if (!BACKENDS.includes(backend as Backend))
      throw new UsageError(`--backend must be one of ${BACKENDS.join(', ')} (got "${backend}")`);
    this.backend = backend as Backend;
  }

  /**
   * Who the audit log names for this command's changes: `cli:` and the operating-system user (the CLI
   * opens the store itself, signed in to no account, so there is no uid to record).
   */
  get actor(): AuditActor {
    try {
      return cliActor(userInfo().username);
    } catch {
      // a container's user may have no entry in the password database
      return cliActor(this.io.env.USER || this.io.env.USERNAME || 'unknown');
    }
  }

  /**
   * Why the CLI cannot ask, or null when it can. Prompts need a person at a terminal, and they are
   * written to stderr (stdout is for data), so a redirected stderr would leave them unseen.
   */
  get cannotAsk(): string | null {
    if (this.io.stdin.isTTY !== true) return 'there is no terminal to ask on';
    if (this.io.stderr.isTTY !== true)
      return 'not asked: stderr is not a terminal, so the question would be invisible';
    return null;
  }

  /** The Firebase project: Firestore, the bucket and Auth all belong to it. */
  private async projectId(): Promise<string> {
    const { firebaseProjectId } = await import('../shared/backend/config.js');
    return firebaseProjectId(this.io.env, { authEmulator: Boolean(this.io.env.FIREBASE_AUTH_EMULATOR_HOST) });
  }

  /** A data folder that is really a file would otherwise fail deep inside with a bare EEXIST/ENOTDIR. */
  private checkDataDir(): void {
    if (statSync(this.dataDir, { throwIfNoEntry: false })?.isDirectory() === false)
      throw new UsageError(`--data ${this.dataDir}: that is a file; the data folder must be a folder`);
  }

  store(): Promise<Store> {
    if (this.backend === 'sqlite') this.checkDataDir();
    this.openedStore ??= (async () => {
      const { openStore } = await import('../shared/backend/store/open-store.js');
      const projectId = await this.projectId();
      if (this.backend === 'firestore' && !hasLocalGoogleCredentials(this.io.env))
        this.out.info(
          'No Google credentials on this machine; asking the Google Cloud metadata server (about 10 s away from Google Cloud)…',
        );
      const store = await openStore({ backend: this.backend, dataDir: this.dataDir, projectId });
      this.onClose(() => store.close());
      return store;
    })();
    return this.openedStore;
  }

  /**
   * The store whose order changes e-mail the shopper, as the shop's do (through SHOP_SMTP_URL, else
   * into the data folder's outbox). Only for changes an operator makes, never for seeded test data.
   */
  async mailingStore(): Promise<Store> {
    return (await this.shopMail()).store;
  }

  /**
   * The store with the shop's e-mail settings (SHOP_SMTP_URL, else the data folder's outbox): each
   * change sends its e-mails, and any others due, before the command ends.
   */
  async shopMail(): Promise<ShopMail> {
    const [store, { withShopMail }, { mailConfigFromEnv }] = await Promise.all([
      this.store(),
      import('../shared/backend/mail/with-shop-mail.js'),
      import('../shared/backend/mail/mail-config.js'),
    ]);
    let mail: ReturnType<typeof mailConfigFromEnv>;
    try {
      mail = mailConfigFromEnv(this.io.env, { backend: this.backend, dataDir: this.dataDir });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { shopUrl } = await this.config();
    return withShopMail(store, { mail, shopUrl, bankTransfer: null }, 'before-answering', {
      log: (line) => this.out.warn(line),
    });
  }

  /** The shop's configuration, loaded from the environment as the server loads it. */
  async config(): Promise<ShopConfig> {
    const { ConfigError, loadConfigBeforeAuth } = await import('../shared/backend/config.js');
    try {
      return loadConfigBeforeAuth(
        { ...this.io.env, SHOP_DATA_DIR: this.dataDir, SHOP_BACKEND: this.backend },
        this.io.cwd,
      );
    } catch (error) {
      throw error instanceof ConfigError ? new UsageError(error.message) : error;
    }
  }

  /** Payments as the server has them (createPayments from the same configuration), on the given store. */
  async payments(store: Store): Promise<Payments> {
    const { createPayments } = await import('../shared/backend/payments/payments.js');
    return createPayments(await this.config(), store);
  }

  /** Product images: the data folder's images, or the project's Storage bucket with --backend firestore. */
  async images(): Promise<ImageStore> {
    const [{ openImageStore }, { defaultStorageBucket }] = await Promise.all([
      import('../shared/backend/images/open-image-store.js'),
      import('../shared/backend/config.js'),
    ]);
    const projectId = await this.projectId();
    return openImageStore({
      backend: this.backend,
      dataDir: this.dataDir,
      projectId,
      authEmulatorHost: this.io.env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      storageBucket: this.io.env.SHOP_STORAGE_BUCKET ?? defaultStorageBucket(projectId),
    });
  }

  async auth(): Promise<{ service: AuthService; persist(): Promise<void> }> {
    this.checkDataDir();
    const { openAuth } = await import('./auth-session.js');
    return openAuth(this);
  }

  onClose(cleanup: () => Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  /** Closes what the command opened, last opened first. */
  async close(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) await cleanup();
    this.cleanups.length = 0;
  }
}
