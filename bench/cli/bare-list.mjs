// The baseline of `shop products list`: bare better-sqlite3 selecting the same columns from the shop's
// file and writing a line per product to stdout, as fast as Node can.
import { join } from 'node:path';
import Database from 'better-sqlite3';

const db = new Database(join(process.argv[2], 'shop.sqlite'), { readonly: true });
const lines = [];
for (const p of db.prepare('SELECT id, name, price, available, stock FROM products ORDER BY name').iterate())
  lines.push(
    `${p.id}\t${p.name}\t$${p.price.toFixed(2)}\t${p.available ? 'yes' : 'no'}\t${p.stock ?? '—'}\n`,
  );
process.stdout.write(lines.join(''));
