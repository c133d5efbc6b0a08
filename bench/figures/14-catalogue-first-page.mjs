// The first page of GET /api/products (what the storefront opens on) at 100,000 products, in gzip
// bytes as a browser receives it, against the same page of a 100-product shop. When the server sends
// it uncompressed (before list-web's compression), it is gzipped here and the figure says so.
import { gzipSync } from 'node:zlib';
import { bigCatalogueDir } from '../catalogue/big-catalogue.mjs';
import { rawGet } from '../catalogue/http-get.mjs';
import { fmt, forkServer } from '../lib.mjs';

const TARGET_BYTES = 10 * 1024;

async function firstPageGzipBytes(dataDir) {
  const server = await forkServer('./servers/api-server.mjs', [dataDir]);
  try {
    const { status, headers, body } = await rawGet(`${server.url}/api/products`, {
      'accept-encoding': 'gzip',
    });
    if (status !== 200) throw new Error(`GET /api/products answered ${status}`);
    const sentGzipped = headers['content-encoding'] === 'gzip';
    return { bytes: sentGzipped ? body.length : gzipSync(body).length, sentGzipped, raw: body.length };
  } finally {
    server.stop();
  }
}

export async function measure() {
  const big = await firstPageGzipBytes(await bigCatalogueDir(100_000));
  const small = await firstPageGzipBytes(await bigCatalogueDir(100));
  return [
    {
      figure: `GET /api/products first page at 100k products, gzip bytes${big.sentGzipped ? '' : ' (gzipped here: sent uncompressed)'}`,
      ours: fmt(big.bytes),
      baseline: `${fmt(small.bytes)} (100 products)`,
      ratio: (big.bytes / small.bytes).toFixed(2),
      target: `<= ${fmt(TARGET_BYTES)}`,
      ok: big.bytes <= TARGET_BYTES,
    },
  ];
}
