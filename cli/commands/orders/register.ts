import { ORDER_FILTERS } from '../../../shared/domain/order-status.js';
import { Option } from '../../commander.js';
import { type CommandGroup, examples } from '../group.js';

/** The `orders` group: list, show, mark-paid, ship, export, cancel and cancel-overdue. */
export const ordersGroup: CommandGroup = (program, act) => {
  const orders = () => import('./orders.js');
  const order = program.command('orders').description('list and handle orders');
  order
    .command('list')
    .description('list orders, newest first')
    .addOption(
      new Option('--status <status>', 'only orders in this state').choices(ORDER_FILTERS).default('all'),
    )
    .option('--search <text>', 'order number, id or e-mail')
    .addHelpText(
      'after',
      examples('orders list --status paid --json', 'orders list --search alice@example.com'),
    )
    .action(act(async () => (await orders()).listOrders));
  order
    .command('show')
    .argument('<order>', 'order id or number')
    .description('show one order')
    .addHelpText('after', examples('orders show HP-7K2M9QXD'))
    .action(act(async () => (await orders()).showOrder));
  order
    .command('mark-paid')
    .argument('<order>', 'order id or number')
    .option('--reference <ref>', 'the payment’s reference')
    .description('record that an order awaiting payment was paid')
    .addHelpText('after', examples('orders mark-paid HP-7K2M9QXD --reference "bank transfer 2026-11-23"'))
    .action(act(async () => (await orders()).markPaid));
  order
    .command('ship')
    .argument('[order]', 'order id or number')
    .option('--tracking <number>', 'tracking number (required)')
    .option('--carrier <name>', 'carrier, e.g. UPS')
    .option('--from-file <csv>', 'ship many: a CSV with the columns order, tracking and (optional) carrier')
    .option('--skip-invalid', 'with --from-file: ship the valid rows even when others are rejected')
    .description('mark a paid order shipped, or many from a CSV (all or nothing unless --skip-invalid)')
    .addHelpText(
      'after',
      examples(
        'orders ship HP-7K2M9QXD --tracking 1Z999AA10123456784 --carrier UPS',
        'orders ship --from-file shipments.csv --skip-invalid',
      ),
    )
    .action(
      act(async (_order, opts: { fromFile?: string }) =>
        opts.fromFile ? (await import('./ship-file.js')).shipFromFile : (await orders()).shipOrder,
      ),
    );
  order
    .command('export')
    .option('--from <day>', 'first day placed, YYYY-MM-DD (UTC)')
    .option('--to <day>', 'last day placed, YYYY-MM-DD (UTC)')
    .addOption(
      new Option(
        '--format <format>',
        'csv (one row per order line) or json (default: csv; json with --json)',
      ).choices(['csv', 'json']),
    )
    .description('write the orders placed on those days, oldest first, to stdout')
    .addHelpText('after', examples('orders export --from 2026-11-01 --to 2026-11-30 > november.csv'))
    .action(act(async () => (await import('./export.js')).exportOrders));
  order
    .command('cancel')
    .argument('<order>', 'order id or number')
    .option('--note <text>', 'why')
    .description('cancel an order that has not shipped, putting its stock back')
    .addHelpText('after', examples('orders cancel HP-7K2M9QXD --note "customer asked"'))
    .action(act(async () => (await orders()).cancelOrder));
  order
    .command('cancel-overdue')
    .option('--dry-run', 'list them and change nothing')
    .description(
      'cancel bank-transfer orders unpaid past their payment deadline, putting their stock back (the running shop does this hourly)',
    )
    .addHelpText('after', examples('orders cancel-overdue --dry-run', 'orders cancel-overdue --json'))
    .action(act(async () => (await orders()).cancelOverdue));
};
