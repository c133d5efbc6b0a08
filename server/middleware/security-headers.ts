import { createMiddleware } from 'hono/factory';
import type { ShopConfig } from '../../shared/backend/config.js';
import type { AppEnv } from '../env.js';

/** Firebase Auth's REST endpoints the browser SDK calls when talking to a real project. */
const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/** What App Check's reCAPTCHA Enterprise provider loads, frames and calls, when App Check is on. */
const APP_CHECK_SOURCES = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://content-firebaseappcheck.googleapis.com'],
};

/**
 * For JSON API responses: nothing in them may be rendered, framed or sniffed (the OWASP REST set).
 * Document-only headers are left off; every extra header is parsed on every call.
 */
const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * For the apps' pages and files: CSP lets the browser talk only to us and to Firebase Auth.
 * @internal
 */
export function documentSecurityHeaders(config: Pick<ShopConfig, 'web'>): Record<string, string> {
  const authOrigins = config.web.authEmulatorUrl ? [config.web.authEmulatorUrl] : FIREBASE_AUTH_ORIGINS;
  const appCheck = config.web.appCheckSiteKey ? APP_CHECK_SOURCES : { script: [], frame: [], connect: [] };
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...appCheck.script].join(' '),
    ...(appCheck.frame.length ? [`frame-src ${appCheck.frame.join(' ')}`] : []),
    // react-hot-toast injects a <style> element at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    `connect-src 'self' ${[...authOrigins, ...appCheck.connect].join(' ')}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
}

/**
 * The one place the security headers are set, on every response. They are set before the handler
 * runs, so every response built through the context (c.json, c.body, static files, errors, 404s)
 * carries them at no extra cost; a Response a handler or middleware built itself gets them added.
 */
export function securityHeaders(config: Pick<ShopConfig, 'web'>) {
  const documents = Object.entries(documentSecurityHeaders(config));
  const api = Object.entries(API_SECURITY_HEADERS);
  return createMiddleware<AppEnv>(async (c, next) => {
    const values = c.req.path.startsWith('/api/') ? api : documents;
    for (const [name, value] of values) c.header(name, value);
    await next();
    const headers = c.res.headers;
    for (const [name, value] of values) if (!headers.has(name)) headers.set(name, value);
  });
}
