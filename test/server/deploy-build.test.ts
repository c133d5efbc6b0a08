import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../shared/backend/paths.js';

const root = packageRoot();
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
const buildStamp = join(root, 'dist', '.build-stamp');

/** `npm run build:deploy`, into a folder of the test's own so that dist/ stays as it is. */
const buildDeploy = (out: string) =>
  execa(process.execPath, [join(root, 'scripts', 'build-deploy.mjs'), '--out', out], { cwd: root });

/**
 * Run inside the deployed folder: its storefront renderer draws a product page (the product and its
 * lots answered by a stand-in for the API) and says whether the product's name came out as the heading.
 */
const renderDeployedProductPage = `
const { renderPage } = await import(new URL('storefront/render/entry-server.js', 'file://' + process.cwd() + '/').href);
const product = { id: 'p1', name: 'Deployed Peptide', price: 10, available: true, imgUrl: '', images: [], description: '',
  category: 'Peptides', brand: '', tags: [], options: [], specs: {}, createdAt: { seconds: 1, nanoseconds: 0 },
  updatedAt: { seconds: 1, nanoseconds: 0 },
  variants: [{ id: 'p1', sku: null, options: {}, price: 10, compareAtPrice: null, stock: null, available: true, imgUrl: null }] };
const answer = async (url) => Response.json(String(url).endsWith('/lots') ? { lots: [] } : { product });
const page = await renderPage({ url: 'https://shop.test/products/p1', fetch: answer });
console.log('rendered:', (await new Response(page.html).text()).includes('>Deployed Peptide</h1>'));`;

// What `firebase deploy` uploads (firebase.json's predeploy runs the script before Hosting and before
// Functions): a function the Functions runtime can load from its own package.json, and the two apps.
describe('the deploy build (scripts/build-deploy.mjs)', () => {
  let out: string;
  let functions: string;
  let manifest: { main: string; engines: { node: string }; dependencies: Record<string, string> };
  let stampBefore: number;

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'shop-deploy-'));
    functions = join(out, 'functions');
    await buildDeploy(out);
    stampBefore = statSync(buildStamp).mtimeMs;
    // The second predeploy hook of a `firebase deploy` of both.
    await buildDeploy(out);
    manifest = JSON.parse(readFileSync(join(functions, 'package.json'), 'utf8'));
  }, 180_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('builds once when run again with nothing changed, as the second predeploy hook does', () => {
    expect(statSync(buildStamp).mtimeMs).toBe(stampBefore);
  });

  it('gives the function a package.json with its entry, its Node version and only its runtime packages', () => {
    expect(existsSync(join(functions, manifest.main))).toBe(true);
    expect(`nodejs${manifest.engines.node}`).toBe(firebaseJson.functions[0].runtime);
    expect(Object.keys(manifest.dependencies)).toEqual(
      expect.arrayContaining(['firebase-admin', 'firebase-functions', 'hono', '@hono/node-server']),
    );
    for (const devOnly of ['vite', 'react', 'react-dom', 'vitest', 'firebase-tools', 'playwright-core'])
      expect(manifest.dependencies).not.toHaveProperty(devOnly);
    // The function runs on Firestore; a native SQLite module would only slow (or break) its deploy build.
    expect(manifest.dependencies).not.toHaveProperty('better-sqlite3');
    for (const [name, range] of Object.entries(manifest.dependencies))
      expect(range).toBe(rootPackage.dependencies[name]);
  });

  it('has a function module that loads with only the packages its package.json lists', async () => {
    // Functions installs the listed packages beside the code; the repository's stand in for them here.
    symlinkSync(join(root, 'node_modules'), join(functions, 'node_modules'), 'dir');
    const hooks = pathToFileURL(join(root, 'test', 'support', 'declared-imports-only.mjs')).href;
    const data = {
      folderUrl: pathToFileURL(`${functions}/`).href,
      dependencies: Object.keys(manifest.dependencies),
    };
    const register = `import { register } from 'node:module'; register(${JSON.stringify(hooks)}, { data: ${JSON.stringify(data)} });`;
    const entry = pathToFileURL(join(functions, manifest.main)).href;
    const loaded = await execa(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(register)}`,
        '--input-type=module',
        '-e',
        `const api = await import(${JSON.stringify(entry)}); console.log(JSON.stringify(Object.keys(api).sort())); ${renderDeployedProductPage}`,
      ],
      {
        cwd: functions,
        extendEnv: false,
        reject: false,
        env: {
          PATH: process.env.PATH,
          HOME: out,
          // What the Functions runtime provides; a demo project and no credentials reach no Google service.
          GCLOUD_PROJECT: 'demo-peptide-shop',
          FIREBASE_CONFIG: JSON.stringify({
            projectId: 'demo-peptide-shop',
            storageBucket: 'demo-peptide-shop.firebasestorage.app',
          }),
          GCE_METADATA_HOST: '127.0.0.1:9',
        },
      },
    );
    expect(loaded.stderr).toBe('');
    expect(loaded.exitCode).toBe(0);
    const [exports, rendered] = loaded.stdout.trim().split('\n');
    expect(JSON.parse(exports!)).toEqual(
      expect.arrayContaining(['api', 'cancelOverdueOrdersHourly', 'removeUnusedImagesDaily']),
    );
    // The storefront's server renderer beside it needs no package at all: it bundles its own.
    expect(rendered).toBe('rendered: true');
  });

  it("puts the storefront's files at the Hosting root and its page with the function (which answers every storefront page), the admin app under admin/, every asset they load included", () => {
    const hosting = join(out, 'hosting');
    expect(existsSync(join(hosting, 'index.html'))).toBe(false);
    for (const [page, prefix] of [
      [join(out, 'functions', 'storefront', 'index.html'), '/'],
      [join(hosting, 'admin', 'index.html'), '/admin/'],
    ] as const) {
      const html = readFileSync(page, 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.filter((a) => a.startsWith(`${prefix}assets/`)).length).toBeGreaterThan(0);
      for (const asset of assets) expect(existsSync(join(hosting, asset)), asset).toBe(true);
    }
    // Hosting compresses on its own; the local server's precompressed copies would only be uploaded.
    const files = readdirSync(hosting, { recursive: true }) as string[];
    expect(files.filter((f) => /\.(gz|br)$/.test(f))).toEqual([]);
  });
});
