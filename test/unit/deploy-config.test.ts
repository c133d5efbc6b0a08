import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostedEnv } from '../../server/function.js';
import { documentSecurityHeaders } from '../../server/middleware/security-headers.js';
import { packageRoot } from '../../shared/backend/paths.js';
import {
  AUDIT_INDEXES,
  INDEXED_QUERIES,
  ORDER_PAGE_INDEXES,
} from '../../shared/backend/store/firestore/indexed-queries.js';

const read = (file: string) => readFileSync(join(packageRoot(), file), 'utf8');
const firebaseJson = JSON.parse(read('firebase.json'));

describe('Firebase deployment files', () => {
  it('firebase.json passes the Firebase CLI’s own validation', () => {
    const require = createRequire(import.meta.url);
    const { getValidator, getErrorMessage } = require('firebase-tools/lib/firebaseConfigValidate.js');
    const validate = getValidator();
    const valid = validate(firebaseJson);
    expect(valid ? [] : validate.errors.map(getErrorMessage)).toEqual([]);
  });

  it('serves the admin app at /admin/ and rewrites /api/** and everything else that is no file (storefront pages, robots.txt, sitemaps) to the api function', () => {
    const { rewrites, public: publicDir } = firebaseJson.hosting;
    expect(publicDir).toBe('dist/hosting');
    expect(rewrites).toEqual([
      { source: '/api/**', function: { functionId: 'api', region: 'us-central1' } },
      { source: '/admin/**', destination: '/admin/index.html' },
      { source: '**', function: { functionId: 'api', region: 'us-central1' } },
    ]);
    expect(firebaseJson.functions[0].source).toBe('dist/functions');
  });

  it('runs the API on a Node runtime Google still deploys', () => {
    // firebase-tools' own table of Cloud Functions runtimes and their decommission dates.
    const require = createRequire(import.meta.url);
    const { RUNTIMES } = require('firebase-tools/lib/deploy/functions/runtimes/supported/types.js');
    const runtime = RUNTIMES[firebaseJson.functions[0].runtime];
    expect(runtime?.status).toBe('GA');
    expect(new Date(runtime.decommissionDate).getTime()).toBeGreaterThan(Date.now());
  });

  it('builds what Hosting and Functions upload before deploying either, alone or together', () => {
    // The script builds only when dist/ is out of date, so a deploy of both builds once
    // (test/server/deploy-build.test.ts).
    expect(firebaseJson.hosting.predeploy).toEqual(['npm run build:deploy']);
    expect(firebaseJson.functions[0].predeploy).toEqual(['npm run build:deploy']);
    expect(JSON.parse(read('package.json')).scripts['build:deploy']).toBe('node scripts/build-deploy.mjs');
  });

  it('sends the pages, not the API, the same security headers as the shop’s own server, App Check allowed', () => {
    const pages = firebaseJson.hosting.headers[0];
    const matches = (path: string) => new RegExp(pages.regex).test(path);
    // Every path but the API's, whose responses carry the API's own stricter headers.
    expect(
      ['/', '/store/bpc-157', '/admin/', '/admin/orders', '/a', '/apix', '/assets/x.js'].filter(matches),
    ).toHaveLength(7);
    expect(['/api/products', '/api/admin/orders'].filter(matches)).toEqual([]);
    const sent = Object.fromEntries(
      pages.headers.map((h: { key: string; value: string }) => [h.key, h.value]),
    );
    const expected = documentSecurityHeaders({
      web: {
        apiKey: 'key',
        authDomain: 'shop.firebaseapp.com',
        projectId: 'shop',
        appCheckSiteKey: 'site-key',
      },
    });
    expect(sent).toEqual({ ...expected, 'cache-control': 'no-cache' });
  });

  it('denies every direct client access to Firestore', () => {
    const rules = read('firestore.rules').replace(/\/\/.*$/gm, '');
    expect(rules).toMatch(/match \/\{document=\*\*\} \{\s*allow read, write: if false;\s*\}/);
    expect(rules).not.toMatch(/if true|if request/);
  });

  it('lets anyone read product images and nothing else in the bucket', () => {
    const rules = read('storage.rules').replace(/\/\/.*$/gm, '');
    expect(rules).toMatch(
      /match \/product-images\/\{image\} \{\s*allow read: if true;\s*allow write: if false;\s*\}/,
    );
    expect(rules).toMatch(/match \/\{path=\*\*\} \{\s*allow read, write: if false;\s*\}/);
  });

  it('declares exactly the composite indexes the Firestore adapter’s queries need', () => {
    const { indexes } = JSON.parse(read('firestore.indexes.json'));
    const declared = indexes.map(
      (i: { collectionGroup: string; queryScope: string; fields: { fieldPath: string; order: string }[] }) =>
        `${i.collectionGroup} (${i.queryScope}): ${i.fields.map((f) => `${f.fieldPath} ${f.order}`).join(', ')}`,
    );
    const order = (direction: string) => (direction === 'asc' ? 'ASCENDING' : 'DESCENDING');
    const needed = new Set([
      ...Object.values(INDEXED_QUERIES).map(
        ({ collection, where, orderBy }) =>
          `${collection} (COLLECTION): ${where[0]} ASCENDING, ${orderBy[0]} ${order(orderBy[1])}`,
      ),
      ...ORDER_PAGE_INDEXES.map(
        (fields) => `orders (COLLECTION): ${fields.map(([field, d]) => `${field} ${order(d)}`).join(', ')}`,
      ),
      ...AUDIT_INDEXES.map(
        (fields) => `audit (COLLECTION): ${fields.map(([field, d]) => `${field} ${order(d)}`).join(', ')}`,
      ),
    ]);
    expect(declared.sort()).toEqual([...needed].sort());
  });

  it('has the Firestore adapter build every query that filters and orders from its indexed list', () => {
    const folder = join(packageRoot(), 'shared', 'backend', 'store', 'firestore');
    const offenders = readdirSync(folder)
      .filter((file) => file !== 'indexed-queries.ts')
      .flatMap((file) =>
        readFileSync(join(folder, file), 'utf8')
          .split(';')
          .filter((statement) => statement.includes('.where(') && statement.includes('.orderBy('))
          .map((statement) => `${file}: ${statement.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('the hosted function’s environment', () => {
  const firebaseConfig = JSON.stringify({
    projectId: 'helix-shop',
    storageBucket: 'helix-shop.firebasestorage.app',
  });

  it('takes the project’s bucket and Hosting address from the runtime, and leaves its PORT alone', () => {
    const env = hostedEnv({ FIREBASE_CONFIG: firebaseConfig, PORT: '8080', HOST: '0.0.0.0' });
    expect(env).toMatchObject({
      SHOP_BACKEND: 'firestore',
      SHOP_STORAGE_BUCKET: 'helix-shop.firebasestorage.app',
      SHOP_PUBLIC_URL: 'https://helix-shop.web.app',
    });
    expect(env.PORT).toBeUndefined();
    expect(env.HOST).toBeUndefined();
  });

  it('lets the deployment’s .env name a custom domain, but never another backend than Firestore', () => {
    const env = hostedEnv({
      FIREBASE_CONFIG: firebaseConfig,
      SHOP_PUBLIC_URL: 'https://shop.example.com',
      SHOP_BACKEND: 'sqlite',
    });
    expect(env.SHOP_PUBLIC_URL).toBe('https://shop.example.com');
    expect(env.SHOP_BACKEND).toBe('firestore');
  });
});
