import type { FirebaseApp } from 'firebase/app';
import { type ApiAnswer, createRpc, ok } from '../api/client.js';

/** The settings are public and come before Firebase, so they are asked for without any token. */
const loadConfig = () => ok(createRpc({}).config.$get());
type ShopConfig = ApiAnswer<typeof loadConfig>;

let config: Promise<ShopConfig> | null = null;
let app: Promise<FirebaseApp> | null = null;

/**
 * The shop's public settings from the server (/api/config), fetched once: the Firebase web config
 * comes from there, so one build serves the emulator and every real project.
 */
export function shopConfig(): Promise<ShopConfig> {
  config ??= loadConfig();
  config.catch(() => {
    config = null;
  });
  return config;
}

/** The one Firebase web app, made from the server's config; Auth and App Check both hang off it. */
export function firebaseWebApp(): Promise<FirebaseApp> {
  app ??= Promise.all([shopConfig(), import('firebase/app')]).then(([{ firebase }, { initializeApp }]) =>
    initializeApp(firebase),
  );
  return app;
}
