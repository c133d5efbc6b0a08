import type { FirebaseApp } from 'firebase/app';
import type { PublicConfigResponse } from '../api/types.js';

let config: Promise<PublicConfigResponse> | null = null;
let app: Promise<FirebaseApp> | null = null;

/**
 * The shop's public settings from the server (/api/config), fetched once: the Firebase web config
 * comes from there, so one build serves the emulator and every real project.
 */
export function shopConfig(): Promise<PublicConfigResponse> {
  config ??= fetch('/api/config').then((response) => {
    if (!response.ok) throw new Error(`Cannot load the shop configuration (${response.status})`);
    return response.json() as Promise<PublicConfigResponse>;
  });
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
