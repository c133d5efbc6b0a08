import { type App, deleteApp, getApps, initializeApp } from 'firebase-admin/app';
import type { ShopConfig } from '../config.js';

/**
 * One firebase-admin app per project. In emulator mode firebase-admin finds the emulator through
 * FIREBASE_AUTH_EMULATOR_HOST, so the variable is set from the config before the app is made.
 */
export function firebaseApp(config: Pick<ShopConfig, 'projectId' | 'authEmulatorHost'>): App {
  if (config.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.authEmulatorHost;
  const name = `shop-${config.projectId}`;
  return getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.projectId }, name);
}

export async function closeFirebaseApps(): Promise<void> {
  await Promise.all(getApps().map((a) => deleteApp(a)));
}
