// GET /api/products on the seeded catalogue against a bare node:http server sending the same bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  const bodyFile = join(dataDir, 'products.json');
  writeFileSync(bodyFile, body);
  const bare = await forkServer('./servers/bare-server.mjs', [bodyFile]);

  const oursRuns = [];
  const bareRuns = [];
  try {
    for (let round = 0; round < 3; round++) {
      bareRuns.push(await requestsPerSecond(`${bare.url}/api/products`));
      oursRuns.push(await requestsPerSecond(`${ours.url}/api/products`));
    }
  } finally {
    ours.stop();
    bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [o, b] = [median(oursRuns), median(bareRuns)];
  return [
    {
      figure: `GET /api/products req/s (${fmt(body.length)} B body)`,
      ours: fmt(o),
      baseline: `${fmt(b)} (bare node:http)`,
      ratio: (o / b).toFixed(2),
      target: `>= ${TARGET}`,
      ok: o / b >= TARGET,
    },
  ];
}
