// GET /api/products (a page of the seeded catalogue) against GET /api/health on the same server: what
// listing costs above the server's floor. Until pages, it was compared with a bare node:http server
// sending the same bytes, which measured sending a whole catalogue; a page is a few KB, so that
// comparison now measures the framework's per-request cost, the same on every route.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskImageStore } from '../../dist/node/shared/backend/images/disk/disk-image-store.js';
import { seedSampleCatalogue } from '../../dist/node/shared/backend/seed/seed-catalogue.js';
import { openSqliteStore } from '../../dist/node/shared/backend/store/sqlite/sqlite-store.js';
import { fmt, forkServer, median, requestsPerSecond } from '../lib.mjs';

const TARGET = 0.7;

export async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-api-'));
  const store = openSqliteStore({ file: join(dataDir, 'shop.sqlite') });
  await seedSampleCatalogue(store, new DiskImageStore(join(dataDir, 'images')));
  await store.close();

  const ours = await forkServer('./servers/api-server.mjs', [dataDir]);
  const body = Buffer.from(await (await fetch(`${ours.url}/api/products`)).arrayBuffer());

  const oursRuns = [];
  const bareRuns = [];
  try {
    for (let round = 0; round < 3; round++) {
      bareRuns.push(await requestsPerSecond(`${ours.url}/api/health`));
      oursRuns.push(await requestsPerSecond(`${ours.url}/api/products`));
    }
  } finally {
    ours.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [o, b] = [median(oursRuns), median(bareRuns)];
  return [
    {
      figure: `GET /api/products req/s (${fmt(body.length)} B body)`,
      ours: fmt(o),
      baseline: `${fmt(b)} (GET /api/health, same server)`,
      ratio: (o / b).toFixed(2),
      target: `>= ${TARGET}`,
      ok: o / b >= TARGET,
    },
  ];
}
