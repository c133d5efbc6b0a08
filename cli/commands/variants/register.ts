import { Option } from '../../commander.js';
import { type CommandGroup, examples } from '../group.js';

/** The `variants` group: list and update. */
export const variantsGroup: CommandGroup = (program, act) => {
  const variants = () => import('./variants.js');
  const variant = program
    .command('variants')
    .description('the sizes products come in: each with its own SKU, price and stock');
  variant
    .command('list')
    .description('list every variant with its product, SKU, price, stock and availability')
    .option('--product <product>', 'only this product’s (id or name)')
    .addHelpText('after', examples('variants list', 'variants list --product "BPC-157" --json'))
    .action(act(async () => (await variants()).listVariants));
  variant
    .command('update')
    .argument('<variant>', 'SKU or variant id')
    .description(
      'change one variant’s price, stock, SKU or availability (the other sizes are left as they are)',
    )
    .option('--price <price>', 'price in dollars, at most 2 decimals')
    .option('--compare-at <price>', 'the "was" price shown struck through; "none" for none')
    .option('--stock <units>', 'units on hand; "none" when stock is not tracked')
    .option('--sku <sku>', 'a new SKU (unique across the shop; "" for none)')
    .addOption(new Option('--available', 'can be bought').conflicts('unavailable'))
    .addOption(new Option('--unavailable', 'cannot be bought'))
    .addHelpText(
      'after',
      examples(
        'variants update BPC-10 --price 64.99 --stock 40',
        'variants update BPC-5 --unavailable --json',
      ),
    )
    .action(act(async () => (await variants()).updateVariantCommand));
};
