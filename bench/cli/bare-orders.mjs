// The baseline of an order's cost: bare better-sqlite3 placing orders in the shop's own file, each in
// one IMMEDIATE transaction as the shop's does (read the product, take a unit of its stock, insert the
// order with its lines, address and history as JSON), statements prepared once, nothing else around.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { SAMPLE_ADDRESS } from '../lib.mjs';

/** Orders per second placed in `file` for `seconds`, each of one unit of a product `pick()` names. */
export function bareOrdersPerSecond(file, pick, seconds) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const read = db.prepare('SELECT * FROM products WHERE id = ?');
  const take = db.prepare(
    'UPDATE products SET variants = ?, stock = ?, updated_at = ?, version = version + 1 WHERE id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO orders (id, number, uid, email, lines, subtotal_cents, shipping_cents, total_cents,
      shipping_address, status, status_history, tracking, payment_provider, payment_reference,
      idempotency_key, request_fingerprint, created_at, updated_at)
     VALUES (?, ?, 'bare-shopper', 'bare@example.com', ?, ?, 0, ?, ?, 'pending_payment', ?, NULL, 'manual',
      NULL, ?, '', ?, ?)`,
  );
  const place = db.transaction((productId, at) => {
    const product = read.get(productId);
    const variants = JSON.parse(product.variants);
    variants[0].stock -= 1;
    take.run(JSON.stringify(variants), variants[0].stock, at, productId);
    const cents = Math.round(product.price * 100);
    const lines = [
      { productId, variantId: variants[0].id, name: product.name, unitPrice: cents, quantity: 1 },
    ];
    const key = randomUUID();
    insert.run(
      key,
      `B-${key.slice(0, 12)}`,
      JSON.stringify(lines),
      cents,
      cents,
      JSON.stringify(SAMPLE_ADDRESS),
      JSON.stringify([{ status: 'pending_payment', atMs: at, note: 'Order placed' }]),
      key,
      at,
      at,
    );
  });
  try {
    const started = performance.now();
    const until = started + seconds * 1000;
    let placed = 0;
    while (performance.now() < until) {
      place.immediate(pick(), Date.now());
      placed++;
    }
    return placed / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}
