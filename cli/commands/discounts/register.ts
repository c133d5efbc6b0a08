import { type CommandGroup, examples } from '../group.js';

/** The `discounts` group: create, list, disable and enable. */
export const discountsGroup: CommandGroup = (program, act) => {
  const discounts = () => import('./discounts.js');
  const discount = program
    .command('discounts')
    .description('discount codes: percent or amount off, limits, dates, affiliates and their commission');
  discount
    .command('create')
    .description('add a discount code (judged by the rules the admin area uses; errors name the flag)')
    .option('--code <code>', 'the code shoppers type, 3 to 32 letters, digits, - or _ (kept in capitals)')
    .option('--type <type>', 'percent or amount')
    .option('--value <n>', 'percent off (at most 100), or dollars off with --type amount')
    .option('--products <list>', 'only these products, by id or name, joined by commas')
    .option('--categories <list>', 'only these categories, joined by commas')
    .option('--starts <time>', 'valid from, ISO date and time, e.g. 2026-12-01T00:00:00Z')
    .option('--ends <time>', 'valid until (not including), ISO date and time')
    .option('--min-subtotal <dollars>', 'only for carts of at least this much')
    .option('--limit <n>', 'at most this many orders in all')
    .option('--once-per-customer', 'each shopper may use it once')
    .option('--affiliate <name>', 'the affiliate whose code it is (see report affiliates)')
    .option('--commission <percent>', 'the affiliate’s commission on revenue after the discount (default 10)')
    .addHelpText(
      'after',
      examples(
        'discounts create --code LAB15 --type percent --value 15 --affiliate "Lab Co" --commission 12.5',
        'discounts create --code WELCOME5 --type amount --value 5 --min-subtotal 50 --once-per-customer',
      ),
    )
    .action(act(async () => (await discounts()).createDiscount));
  discount
    .command('list')
    .description('every code, newest first, with its uses')
    .addHelpText('after', examples('discounts list --json', 'discounts list'))
    .action(act(async () => (await discounts()).listDiscounts));
  discount
    .command('disable')
    .argument('<code>', 'the code (any case)')
    .description('stop a code being accepted (orders that used it keep it)')
    .addHelpText('after', examples('discounts disable LAB15'))
    .action(act(async () => (await discounts()).disableDiscount));
  discount
    .command('enable')
    .argument('<code>', 'the code (any case)')
    .description('accept a disabled code again')
    .addHelpText('after', examples('discounts enable LAB15'))
    .action(act(async () => (await discounts()).enableDiscount));
};
