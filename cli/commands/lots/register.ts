import { type CommandGroup, examples } from '../group.js';

/** The `lots` group: add, list and remove. */
export const lotsGroup: CommandGroup = (program, act) => {
  const lots = () => import('./lots.js');
  const lot = program.command('lots').description('production lots and their certificates of analysis (COA)');
  lot
    .command('add')
    .argument('<sku|variant-id>', 'the variant the lot is of: its SKU or id')
    .description('record a lot with its COA PDF (stored as the shop stores uploads)')
    .option('--lot <number>', 'lot number as printed on the vial (required)')
    .option('--coa <file>', 'the certificate of analysis, a PDF (required)')
    .option('--purity <percent>', 'measured purity in percent, e.g. 99.2 (required)')
    .option('--tested <date>', 'day of the test, YYYY-MM-DD (required)')
    .addHelpText(
      'after',
      examples('lots add BPC157-10MG --lot HX-2611-014 --coa coa.pdf --purity 99.2 --tested 2026-11-01'),
    )
    .action(act(async () => (await lots()).addLot));
  lot
    .command('list')
    .description('lots, most recently tested first')
    .option('--product <product>', 'only the lots of this product (id or name)')
    .addHelpText('after', examples('lots list --product BPC-157', 'lots list --json'))
    .action(act(async () => (await lots()).listLots));
  lot
    .command('remove')
    .argument('<lot>', 'lot number (any case)')
    .description('delete a lot, and its COA unless another lot uses the same file')
    .addHelpText('after', examples('lots remove HX-2611-014'))
    .action(act(async () => (await lots()).removeLotCommand));
};
