import { type CommandGroup, examples } from '../group.js';

/** The `shipping` group: show and set. */
export const shippingGroup: CommandGroup = (program, act) => {
  const rates = () => import('./rates.js');
  const shipping = program.command('shipping').description('shipping zones and their rates');
  shipping
    .command('show')
    .description('the zones, where they ship and their rates (--json: the form set --file reads)')
    .addHelpText('after', examples('shipping show --json > zones.json', 'shipping show'))
    .action(act(async () => (await rates()).showShipping));
  shipping
    .command('set')
    .option('--file <json>', 'the zones as JSON: {"zones": [...]} (required)')
    .description('replace every zone and rate with a file’s (all or nothing; errors name the JSON path)')
    .addHelpText('after', examples('shipping set --file zones.json'))
    .action(act(async () => (await rates()).setShipping));
};

/** The `tax` group: show and set. */
export const taxGroup: CommandGroup = (program, act) => {
  const rates = () => import('./rates.js');
  const tax = program.command('tax').description('tax rates by destination');
  tax
    .command('show')
    .description('the tax rates by country and region (--json: the form set --file reads)')
    .addHelpText('after', examples('tax show --json > rates.json', 'tax show'))
    .action(act(async () => (await rates()).showTax));
  tax
    .command('set')
    .option('--file <json>', 'the rates as JSON: {"rates": [...]} (required)')
    .description('replace every tax rate with a file’s (all or nothing; errors name the JSON path)')
    .addHelpText('after', examples('tax set --file rates.json'))
    .action(act(async () => (await rates()).setTax));
};
