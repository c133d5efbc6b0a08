import { type Periodic, runPeriodically } from '../periodic.js';
import type { CancelDeps } from './cancel-order.js';
import { cancelOverdueOrders } from './cancel-overdue.js';

const HOUR_MS = 60 * 60 * 1000;

export type Sweeper = Periodic;

/**
 * Cancels overdue bank-transfer orders now and then every `intervalMs`, logging each one. A failed
 * sweep is logged and tried again next time; it never stops the shop.
 */
export function startOverdueSweeper(
  deps: CancelDeps,
  options: { intervalMs?: number; now?: () => number; log?: (line: string) => void } = {},
): Sweeper {
  const { intervalMs = HOUR_MS, now = Date.now, log = console.log } = options;
  return runPeriodically(
    () =>
      cancelOverdueOrders(deps, now()).then(
        (cancelled) => {
          for (const order of cancelled)
            log(`Cancelled unpaid order ${order.number} (${order.email}): past its payment deadline.`);
        },
        (error: unknown) =>
          log(`Could not cancel overdue orders: ${error instanceof Error ? error.message : error}`),
      ),
    intervalMs,
  );
}
