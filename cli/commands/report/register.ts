import { type CommandGroup, examples } from '../group.js';

/** The `report` group: sales and affiliates. */
export const reportGroup: CommandGroup = (program, act) => {
  const report = program.command('report').description('figures about the shop');
  report
    .command('sales')
    .description(
      'revenue (paid and shipped orders) and orders by UTC day, beside the days before; the last 30 days unless told',
    )
    .option('--from <day>', 'first day, YYYY-MM-DD (UTC)')
    .option('--to <day>', 'last day, YYYY-MM-DD (UTC); at most 366 days after --from')
    .addHelpText('after', examples('report sales', 'report sales --from 2026-11-01 --to 2026-11-30 --json'))
    .action(act(async () => (await import('./sales.js')).salesReport));

  report
    .command('affiliates')
    .description(
      'each affiliate’s paid and shipped orders by UTC day placed: codes, orders, revenue after the discount, commission',
    )
    .option('--from <day>', 'first day, YYYY-MM-DD (UTC)')
    .option('--to <day>', 'last day, YYYY-MM-DD (UTC); at most 366 days after --from')
    .addHelpText(
      'after',
      examples('report affiliates --from 2026-11-01 --to 2026-11-30', 'report affiliates --json'),
    )
    .action(act(async () => (await import('./affiliates.js')).affiliatesReport));
};
