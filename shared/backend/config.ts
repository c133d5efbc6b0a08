import { resolve } from 'node:path';
import { z } from 'zod';

export const DEMO_PROJECT_ID = 'demo-peptide-shop';

/** Public Firebase web config the apps start with; never secret. */
export interface WebFirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  /** Set in emulator mode: where the browser's Auth SDK must connect. */
  authEmulatorUrl?: string;
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
  SHOP_FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  SHOP_FIREBASE_APP_ID: z.string().min(1).optional(),
  SHOP_ADMIN_EMAIL: z
    .email('SHOP_ADMIN_EMAIL must be an email address')
    .default('admin@helixpeptides.example'),
  SHOP_ADMIN_PASSWORD: z.string().min(8, 'SHOP_ADMIN_PASSWORD must be at least 8 characters').optional(),
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
  const projectId = e.SHOP_PROJECT_ID ?? e.GCLOUD_PROJECT ?? DEMO_PROJECT_ID;
  const emulator = e.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  if (!emulator && !e.SHOP_FIREBASE_API_KEY) {
    throw new ConfigError(
      'SHOP_FIREBASE_API_KEY is required when FIREBASE_AUTH_EMULATOR_HOST is not set (real Firebase Auth needs the web API key).',
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
    },
    admin: { email: e.SHOP_ADMIN_EMAIL, password: e.SHOP_ADMIN_PASSWORD ?? null },
  };
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function databaseFile(config: Pick<ShopConfig, 'dataDir'>): string {
  return resolve(config.dataDir, 'shop.sqlite');
}

export function imagesDir(config: Pick<ShopConfig, 'dataDir'>): string {
  return resolve(config.dataDir, 'images');
}
