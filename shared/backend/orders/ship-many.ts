import { ORDER_STATUS_LABELS, type Order } from '../../domain/order.js';
import { wouldMove } from '../../domain/order-transitions.js';
import type { ShipmentReport, ShipmentRowReport } from '../../domain/shipment-report.js';
import type { OrderRepository } from '../store/port.js';
import { findOrderByNumber } from './find-order.js';
import { readShipmentCsv } from './shipment-csv.js';

type Judged = ShipmentRowReport & { ship?: { id: string; tracking: { carrier: string; number: string } } };

async function judge(orders: OrderRepository, text: string): Promise<Judged[]> {
  const judged: Judged[] = [];
  for (const row of readShipmentCsv(text)) {
    if (!row.ok) {
      judged.push({ row: row.row, order: row.order, outcome: 'rejected', error: row.error });
      continue;
    }
    const order: Order | null = await findOrderByNumber(orders, row.order);
    const reject = (error: string) =>
      judged.push({ row: row.row, order: row.order, outcome: 'rejected', error: `column order: ${error}` });
    if (!order) reject(`no order has the number ${row.order}`);
    else if (!wouldMove(order, { type: 'ship', tracking: row.tracking }))
      reject(
        `${order.number} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}; only a paid order can be shipped`,
      );
    else
      judged.push({
        row: row.row,
        order: row.order,
        outcome: 'not written',
        ship: { id: order.id, tracking: row.tracking },
      });
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
