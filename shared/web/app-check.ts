import type { AppCheck } from 'firebase/app-check';
import { firebaseWebApp, shopConfig } from './firebase-web-app.js';

let started: Promise<AppCheck | null> | null = null;

/**
 * An App Check token for API calls when the shop has App Check on (the server's config names a
 * reCAPTCHA Enterprise site key), else null; the SDK caches and refreshes the token itself.
 */
export async function appCheckToken(): Promise<string | null> {
  started ??= shopConfig().then(async ({ firebase }) => {
    if (!firebase.appCheckSiteKey) return null;
    const [app, sdk] = await Promise.all([firebaseWebApp(), import('firebase/app-check')]);
    return sdk.initializeAppCheck(app, {
      provider: new sdk.ReCaptchaEnterpriseProvider(firebase.appCheckSiteKey),
      isTokenAutoRefreshEnabled: true,
    });
  });
  const appCheck = await started.catch(() => {
    // No config (offline, server down): send the call without a token and let the server answer.
    started = null;
    return null;
  });
  if (!appCheck) return null;
  const { getToken } = await import('firebase/app-check');
  return (await getToken(appCheck)).token;
}
