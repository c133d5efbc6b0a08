import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { ORDER_STATUS_LABELS, type Order } from '../../domain/order.js';
import { wouldMove } from '../../domain/order-transitions.js';
import type { ShipmentReport, ShipmentRowReport } from '../../domain/shipment-report.js';
import type { OrderRepository } from '../store/port.js';
import { readShipmentCsv, type ShipmentRow } from './shipment-csv.js';

type Judged = ShipmentRowReport & { ship?: { id: string; tracking: { carrier: string; number: string } } };

/**
 * How many numbers one read looks up. The SQLite adapter works synchronously: between reads, and
 * between writes, the event loop is let go, so other requests are answered while a file ships.
 */
const NUMBERS_PER_READ = 200;

function judgeRow(row: ShipmentRow, order: Order | undefined): Judged {
  const reject = (error: string): Judged => ({
    row: row.row,
    order: row.order,
    outcome: 'rejected',
    error: `column order: ${error}`,
  });
  if (!row.ok) return { row: row.row, order: row.order, outcome: 'rejected', error: row.error };
  if (!order) return reject(`no order has the number ${row.order}`);
  if (!wouldMove(order, { type: 'ship', tracking: row.tracking }))
    return reject(
      `${order.number} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}; only a paid order can be shipped`,
    );
  return {
    row: row.row,
    order: row.order,
    outcome: 'not written',
    ship: { id: order.id, tracking: row.tracking },
  };
}

/** Every row judged, its order found by its exact number (never by a search, which a ship-to name could crowd). */
async function judge(orders: OrderRepository, text: string): Promise<Judged[]> {
  const rows = readShipmentCsv(text);
  const judged: Judged[] = [];
  for (let i = 0; i < rows.length; i += NUMBERS_PER_READ) {
    if (i > 0) await yieldToEvents();
    const batch = rows.slice(i, i + NUMBERS_PER_READ);
    const found = await orders.getByNumbers(batch.filter((r) => r.ok).map((r) => r.order));
    for (const row of batch) judged.push(judgeRow(row, found.get(row.order)));
  }
  return judged;
}

/**
 * Ships the orders a CSV of order numbers and tracking numbers names (see readShipmentCsv), each
 * through the one shipping transition, so each shopper's e-mail goes through the outbox as for a
 * single shipment. Every row is checked first: when any is rejected nothing is shipped (its valid
 * rows are reported "not written") unless `skipInvalid`, which ships the valid ones.
 */
export async function shipManyFromCsv(
  orders: OrderRepository,
  text: string,
  { skipInvalid = false } = {},
): Promise<ShipmentReport> {
  const judged = await judge(orders, text);
  const rejected = judged.filter((r) => r.outcome === 'rejected').length;
  const write = rejected === 0 || skipInvalid;
  let shipped = 0;
  const rows: ShipmentRowReport[] = [];
  for (const { ship, ...row } of judged) {
    if (ship && write) {
      await yieldToEvents();
      try {
        await orders.markShipped(ship.id, ship.tracking);
        row.outcome = 'shipped';
        shipped++;
      } catch (error) {
        // Changed by someone else since it was checked (cancelled, shipped): the others still ship.
        row.outcome = 'failed';
        row.error = (error as Error).message;
      }
    }
    rows.push(row);
  }
  return { rows, shipped, rejected, written: shipped > 0 };
}
