// GET /products/:id (the page the server writes for one product: its status from the store, its
// metadata and JSON-LD in the head, its content rendered by React with the product and its lots read
// in-process and embedded) against GET /index.html (the built page as a file) on the same server: what
// answering a product page costs above sending the app's static page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskImageStore } from '../../dist/node/shared/backend/images/disk/disk-image-store.js';
import { seedSampleCatalogue } from '../../dist/node/shared/backend/seed/seed-catalogue.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { fmt, forkServer, median, requestsPerSecond } from '../lib.mjs';

const TARGET = 0.3;

export async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-page-'));
  const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
  await seedSampleCatalogue(store, new DiskImageStore(join(dataDir, 'images')));
  const [product] = await store.products.listAvailable();
  await store.close();

  const server = await forkServer('./servers/api-server.mjs', [dataDir, '--with-apps']);
  const pageUrl = `${server.url}/products/${product.id}`;
  const page = await fetch(pageUrl);
  const html = await page.text();
  const rendered = html.includes('application/ld+json') && html.includes('id="page-data"');
  if (page.status !== 200 || !rendered || !html.includes(`>${product.name}</h1>`))
    throw new Error(`${pageUrl} did not answer the product's page rendered by the server`);

  const pageRuns = [];
  const staticRuns = [];
  try {
    for (let round = 0; round < 3; round++) {
      staticRuns.push(await requestsPerSecond(`${server.url}/index.html`));
      pageRuns.push(await requestsPerSecond(pageUrl));
    }
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [p, s] = [median(pageRuns), median(staticRuns)];
  return [
    {
      figure:
        'GET /products/:id page req/s (status, metadata, JSON-LD and React content rendered by the server)',
      ours: fmt(p),
      baseline: `${fmt(s)} (GET /index.html, same server)`,
      ratio: (p / s).toFixed(2),
      target: `>= ${TARGET}`,
      ok: p / s >= TARGET,
    },
  ];
}
