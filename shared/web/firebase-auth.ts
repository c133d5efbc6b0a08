import type { Auth } from 'firebase/auth';
import { firebaseWebApp, shopConfig } from './firebase-web-app.js';

let started: Promise<Auth> | null = null;
let ready: Auth | null = null;

/**
 * Firebase Auth, loaded on first use so it never blocks the first paint. The web config comes from
 * the server (/api/config), so one build serves the emulator and every real project.
 */
export function firebaseAuth(): Promise<Auth> {
  started ??= (async () => {
    const [config, app, authSdk] = await Promise.all([
      shopConfig(),
      firebaseWebApp(),
      import('firebase/auth'),
    ]);
    // initializeAuth without a popup/redirect resolver keeps those flows' code out of the bundle.
    const auth = authSdk.initializeAuth(app, {
      persistence: [authSdk.indexedDBLocalPersistence, authSdk.browserLocalPersistence],
    });
    if (config.firebase.authEmulatorUrl) {
      authSdk.connectAuthEmulator(auth, config.firebase.authEmulatorUrl, { disableWarnings: true });
    }
    await auth.authStateReady();
    ready = auth;
    return auth;
  })();
  // A failed start (config unreachable) may be retried by the next caller.
  started.catch(() => {
    started = null;
  });
  return started;
}

/** The signed-in user's ID token; null when signed out or when Auth was never started. */
export async function currentIdToken(): Promise<string | null> {
  // Auth that failed to start means nobody is signed in; public requests must still go out.
  const auth = ready ?? (started ? await started.catch(() => null) : null);
  return auth?.currentUser ? auth.currentUser.getIdToken() : null;
}
