import { resolve } from 'node:path';
import { z } from 'zod';
import type { WebFirebaseConfig } from '../domain/web-firebase-config.js';
import { type ComplianceConfig, complianceConfig, complianceEnvSchema } from './compliance-config.js';
import { type MailConfig, mailConfig, mailEnvSchema } from './mail/mail-config.js';

const DEMO_PROJECT_ID = 'demo-peptide-shop';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Another API base (a local test server, stripe-mock); Stripe's own when absent. */
  apiUrl: URL | null;
}

/** What shoppers paying by bank transfer are told; the order number is the payment reference. */
export interface BankTransferConfig {
  bankName: string;
  accountName: string;
  routingNumber: string;
  accountNumber: string;
}

export interface ShopConfig {
  dataDir: string;
  host: string;
  port: number;
  backend: 'sqlite' | 'firestore';
  projectId: string;
  /** host:port of the Firebase Auth emulator; null means real Firebase Auth. */
  authEmulatorHost: string | null;
  web: WebFirebaseConfig;
  admin: { email: string; password: string | null };
  /** The shop's public address, for links sent away (payment return URLs); null: the request's own. */
  publicUrl: string | null;
  payments: { stripe: StripeConfig | null; bankTransfer: BankTransferConfig };
  /** The Cloud Storage bucket for product images with the firestore backend. */
  storageBucket: string;
  /** enforce: API calls without a valid X-Firebase-AppCheck token are refused. */
  appCheck: { enforce: boolean };
  /**
   * The header in which the proxy in front of the API puts the client's address (per-client rate
   * limits), and whom it is believed from; null: the connection's own address.
   */
  clientIpHeader: ClientIpHeader | null;
  /** Image uploads one admin may make a minute; more answer 429. */
  imageUploadsPerMinute: number;
  mail: MailConfig;
  /** The age shoppers attest to and the countries the shop does not ship to. */
  compliance: ComplianceConfig;
  /** Where shoppers reach the shop, for links in e-mails: the public URL, else this server's own. */
  shopUrl: string;
}

/**
 * `name`: the header, lower-case. `from`: `any` believes it on every request (a proxy the operator
 * runs in front of the only way in); `firebase-hosting` only on requests that came through Firebase
 * Hosting's CDN, as the hosted function is also reachable at its own URL (server/middleware/client-address.ts).
 */
export interface ClientIpHeader {
  name: string;
  from: 'any' | 'firebase-hosting';
}

const envSchema = z.object({
  SHOP_DATA_DIR: z.string().min(1).default('.data'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  SHOP_BACKEND: z
    .enum(['sqlite', 'firestore'], { error: 'SHOP_BACKEND must be sqlite or firestore' })
    .default('sqlite'),
  SHOP_PROJECT_ID: z.string().min(1).optional(),
  GCLOUD_PROJECT: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[^\s:/]+:\d+$/, 'FIREBASE_AUTH_EMULATOR_HOST must look like host:port')
    .optional(),
  SHOP_FIREBASE_API_KEY: z.string().min(1).optional(),
  SHOP_CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'SHOP_CLIENT_IP_HEADER must be a header name, e.g. fastly-client-ip')
    .optional(),
  SHOP_CLIENT_IP_HEADER_FROM: z
    .enum(['any', 'firebase-hosting'], {
      error: 'SHOP_CLIENT_IP_HEADER_FROM must be any or firebase-hosting',
    })
    .default('any'),
  SHOP_IMAGE_UPLOADS_PER_MINUTE: z.coerce
    .number({ error: 'SHOP_IMAGE_UPLOADS_PER_MINUTE must be a number' })
    .int('SHOP_IMAGE_UPLOADS_PER_MINUTE must be a whole number')
    .min(1, 'SHOP_IMAGE_UPLOADS_PER_MINUTE must be at least 1')
    .default(30),
  SHOP_FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  SHOP_FIREBASE_APP_ID: z.string().min(1).optional(),
  SHOP_ADMIN_EMAIL: z
    .email('SHOP_ADMIN_EMAIL must be an email address')
    .default('admin@helixpeptides.example'),
  SHOP_ADMIN_PASSWORD: z.string().min(8, 'SHOP_ADMIN_PASSWORD must be at least 8 characters').optional(),
  SHOP_PUBLIC_URL: z.url('SHOP_PUBLIC_URL must be a URL such as https://shop.example.com').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must start with sk_test_ or sk_live_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_')
    .optional(),
  SHOP_STRIPE_API_URL: z.url('SHOP_STRIPE_API_URL must be a URL').optional(),
  SHOP_STORAGE_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/,
      'SHOP_STORAGE_BUCKET must be a bucket name such as my-shop.firebasestorage.app',
    )
    .optional(),
  SHOP_APP_CHECK: z
    .enum(['off', 'enforce'], { error: 'SHOP_APP_CHECK must be off or enforce' })
    .default('off'),
  SHOP_APP_CHECK_SITE_KEY: z.string().min(1).optional(),
  SHOP_BANK_NAME: z.string().min(1).default('First Research Bank (demo)'),
  SHOP_BANK_ACCOUNT_NAME: z.string().min(1).default('Helix Research Supply LLC'),
  SHOP_BANK_ROUTING_NUMBER: z.string().min(1).default('000000000'),
  SHOP_BANK_ACCOUNT_NUMBER: z.string().min(1).default('0000000000'),
  ...mailEnvSchema.shape,
  ...complianceEnvSchema.shape,
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the shop's configuration from the environment; a bad value is a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ShopConfig {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = e.SHOP_PUBLIC_URL?.replace(/\/+$/, '') ?? null;
  const emulator = e.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  const projectId = firebaseProjectId(e, { authEmulator: emulator !== null });
  if (!emulator && !e.SHOP_FIREBASE_API_KEY) {
    throw new ConfigError(
      'SHOP_FIREBASE_API_KEY is required when FIREBASE_AUTH_EMULATOR_HOST is not set (real Firebase Auth needs the web API key).',
    );
  }
  if (e.SHOP_APP_CHECK === 'enforce' && !e.SHOP_APP_CHECK_SITE_KEY) {
    throw new ConfigError(
      'SHOP_APP_CHECK=enforce needs SHOP_APP_CHECK_SITE_KEY (the reCAPTCHA Enterprise site key registered for the web app in App Check), or the apps could not get tokens.',
    );
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_PUBLISHABLE_KEY];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Card payments need all of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY (or none of them).',
    );
  }
  return {
    dataDir: resolve(cwd, e.SHOP_DATA_DIR),
    host: e.HOST,
    port: e.PORT,
    backend: e.SHOP_BACKEND,
    projectId,
    authEmulatorHost: emulator,
    web: {
      // The Auth emulator accepts any API key; a recognisable fake one avoids any doubt.
      apiKey: e.SHOP_FIREBASE_API_KEY ?? 'fake-api-key-for-the-auth-emulator',
      authDomain: e.SHOP_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      ...(e.SHOP_FIREBASE_APP_ID ? { appId: e.SHOP_FIREBASE_APP_ID } : {}),
      ...(emulator ? { authEmulatorUrl: `http://${emulator}` } : {}),
      ...(e.SHOP_APP_CHECK_SITE_KEY ? { appCheckSiteKey: e.SHOP_APP_CHECK_SITE_KEY } : {}),
    },
    admin: { email: e.SHOP_ADMIN_EMAIL, password: e.SHOP_ADMIN_PASSWORD ?? null },
    publicUrl,
    payments: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              apiUrl: e.SHOP_STRIPE_API_URL ? new URL(e.SHOP_STRIPE_API_URL) : null,
            }
          : null,
      bankTransfer: {
        bankName: e.SHOP_BANK_NAME,
        accountName: e.SHOP_BANK_ACCOUNT_NAME,
        routingNumber: e.SHOP_BANK_ROUTING_NUMBER,
        accountNumber: e.SHOP_BANK_ACCOUNT_NUMBER,
      },
    },
    storageBucket: e.SHOP_STORAGE_BUCKET ?? defaultStorageBucket(projectId),
    appCheck: { enforce: e.SHOP_APP_CHECK === 'enforce' },
    clientIpHeader: e.SHOP_CLIENT_IP_HEADER
      ? { name: e.SHOP_CLIENT_IP_HEADER.toLowerCase(), from: e.SHOP_CLIENT_IP_HEADER_FROM }
      : null,
    imageUploadsPerMinute: e.SHOP_IMAGE_UPLOADS_PER_MINUTE,
    mail: mailConfig(e, { backend: e.SHOP_BACKEND, dataDir: resolve(cwd, e.SHOP_DATA_DIR) }),
    compliance: complianceConfig(e),
    shopUrl: publicUrl ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`,
  };
}

/**
 * The configuration as it is once the data folder's own Auth emulator runs, when neither an emulator
 * nor real Firebase Auth is configured: checked before anything starts, and all a command needs that
 * does not sign anyone in.
 */
export function loadConfigBeforeAuth(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ShopConfig {
  const ownEmulator = !env.FIREBASE_AUTH_EMULATOR_HOST && !env.SHOP_FIREBASE_API_KEY;
  return loadConfig(ownEmulator ? { ...env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' } : env, cwd);
}

/**
 * The Firebase project of the shop, its Auth emulator and the CLI: SHOP_PROJECT_ID, else the
 * GCLOUD_PROJECT that Google's runtimes set, else the demo project. With the Auth emulator it must be
 * a demo- project: emulator ID tokens are unsigned, and Firebase never lets a demo- project reach real
 * services, so nothing can touch a real project's data while tokens anyone can forge are trusted.
 */
export function firebaseProjectId(
  env: { SHOP_PROJECT_ID?: string | undefined; GCLOUD_PROJECT?: string | undefined },
  { authEmulator }: { authEmulator: boolean },
): string {
  const variable = env.SHOP_PROJECT_ID ? 'SHOP_PROJECT_ID' : env.GCLOUD_PROJECT ? 'GCLOUD_PROJECT' : null;
  const projectId = (variable && env[variable]) || DEMO_PROJECT_ID;
  if (authEmulator && !projectId.startsWith('demo-')) {
    throw new ConfigError(
      `${variable}=${projectId} cannot be used with the Firebase Auth emulator: its ID tokens are unsigned, so it ` +
        `must run a demo- project, which guarantees nothing reaches a real Firebase project. Set ${variable} to a ` +
        `demo- id (or unset it for ${DEMO_PROJECT_ID}), or use real Firebase Auth (SHOP_FIREBASE_API_KEY, no FIREBASE_AUTH_EMULATOR_HOST).`,
    );
  }
  return projectId;
}

/** New Firebase projects' default bucket; older ones have <project>.appspot.com and set SHOP_STORAGE_BUCKET. */
export function defaultStorageBucket(projectId: string): string {
  return `${projectId}.firebasestorage.app`;
}

export function databaseFile(config: Pick<ShopConfig, 'dataDir'>): string {
  return resolve(config.dataDir, 'shop.sqlite');
}

export function imagesDir(config: Pick<ShopConfig, 'dataDir'>): string {
  return resolve(config.dataDir, 'images');
}
