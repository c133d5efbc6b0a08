// Another process adding products that all claim one SKU, as a second server or the CLI would: opens
// the built store, says "ready", waits for a line on stdin, then tries `count` adds at once and
// prints how many were saved and the codes of the others.
import { createInterface } from 'node:readline';

const [file, sku, count, prefix] = process.argv.slice(2);
const dist = (path) => new URL(`../../dist/node/shared/${path}`, import.meta.url).href;
const { openSqliteStore } = await import(dist('backend/store/sqlite/sqlite-store.js'));
const { newProductSchema } = await import(dist('domain/product.js'));
const store = openSqliteStore({ file });
process.stdout.write('ready\n');
for await (const _line of createInterface({ input: process.stdin })) break;
const results = await Promise.allSettled(
  Array.from({ length: Number(count) }, (_, i) =>
    store.products.add(newProductSchema.parse({ name: `${prefix} ${i}`, price: 5, sku })),
  ),
);
const saved = results.filter((r) => r.status === 'fulfilled').length;
const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason.code ?? r.reason.message] : []));
process.stdout.write(`${JSON.stringify({ saved, refused })}\n`);
await store.close();
