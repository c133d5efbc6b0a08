// An import beside the running shop that is killed mid-way: opens the built store, imports one
// batch of new products, says "written" once that batch is committed, then waits to be killed.
const [file] = process.argv.slice(2);
const { openSqliteStore } = await import(
  new URL('../../dist/node/shared/backend/store/sqlite/sqlite-store.js', import.meta.url).href
);
const { newProductSchema } = await import(
  new URL('../../dist/node/shared/domain/product.js', import.meta.url).href
);
const store = openSqliteStore({ file });
const product = (name) => ({ op: 'create', product: newProductSchema.parse({ name, price: 10 }) });
async function* batches() {
  yield [product('Killed import A'), product('Killed import B'), product('Killed import C')];
  process.stdout.write('written\n');
  await new Promise(() => {});
}
await store.products.bulkWrite(batches());
