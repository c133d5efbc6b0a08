import { type CommandGroup, examples } from '../group.js';

/** The `limits` group: show and set how unpaid orders and checkouts are limited. */
export const limitsGroup: CommandGroup = (program, act) => {
  const checkoutLimits = () => import('./checkout-limits.js');
  const limits = program.command('limits').description('how unpaid orders and checkouts are limited');
  limits
    .command('show')
    .description('the payment hold, unpaid-order limits and checkout rates (defaults until changed)')
    .addHelpText('after', examples('limits show', 'limits show --json'))
    .action(act(async () => (await checkoutLimits()).showLimits));
  limits
    .command('set')
    .option('--hold-hours <n>', 'hours an unpaid bank-transfer order holds its stock (default 48)')
    .option('--max-per-account <n>', 'unpaid orders one account may hold (default 3)')
    .option('--max-units-per-size <n>', 'units of one size one unpaid order may take (default 20)')
    .option('--checkouts-per-account <n>', 'checkouts one account may start in 10 minutes (default 10)')
    .option(
      '--checkouts-per-address <n>',
      'checkouts one client address may start in 10 minutes (default 30)',
    )
    .description('change the limits named; orders already placed keep their payment deadline')
    .addHelpText(
      'after',
      examples('limits set --hold-hours 24', 'limits set --max-per-account 5 --max-units-per-size 50'),
    )
    .action(act(async () => (await checkoutLimits()).setLimits));
};
