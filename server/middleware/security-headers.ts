import { secureHeaders } from 'hono/secure-headers';
import type { ShopConfig } from '../../shared/backend/config.js';

/** Firebase Auth's REST endpoints the browser SDK calls when talking to a real project. */
const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/** CSP, nosniff and frame denial for every response; the browser may only talk to us and to Auth. */
export function securityHeaders(config: Pick<ShopConfig, 'web'>) {
  const authOrigins = config.web.authEmulatorUrl ? [config.web.authEmulatorUrl] : FIREBASE_AUTH_ORIGINS;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-hot-toast injects a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", ...authOrigins],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Product images may come from a Storage bucket or another https origin.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-site',
    strictTransportSecurity: false,
  });
}
