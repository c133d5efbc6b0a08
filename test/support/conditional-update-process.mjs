// Another process editing a product in the shop's SQLite file, as a second server or the CLI would:
// opens the built store, says "ready", waits for a line on stdin, then tries one conditional update
// and prints how it ended ("saved", or the ShopError code).
import { createInterface } from 'node:readline';

const [file, id, expectedVersion, category] = process.argv.slice(2);
const { openSqliteStore } = await import(
  new URL('../../dist/node/shared/backend/store/sqlite/sqlite-store.js', import.meta.url).href
);
const store = openSqliteStore({ file });
process.stdout.write('ready\n');
for await (const _line of createInterface({ input: process.stdin })) break;
try {
  await store.products.update(id, { category }, { expectedVersion: Number(expectedVersion) });
  process.stdout.write('saved\n');
} catch (error) {
  process.stdout.write(`${error.code ?? error.message}\n`);
}
await store.close();
