import { AUDIT_ENTITIES } from '../shared/domain/audit.js';
import { ORDER_FILTERS } from '../shared/domain/order-status.js';
import { STAFF_ROLES } from '../shared/domain/staff-role.js';
import type { CliCommand } from './command.js';
import { Command, Option } from './commander.js';
import type { CliContext } from './context.js';
import type { CliIo } from './io.js';

/**
 * Holds the context of the command that ran, so main() can close what it opened, and what its run
 * returned (for in-process tests, which check the data rather than its printout).
 */
export interface RunState {
  ctx: CliContext | null;
  result?: { data: unknown };
}

// biome-ignore lint/suspicious/noExplicitAny: commander hands actions untyped arguments
type AnyCommand = CliCommand<any[], any>;

const EXAMPLES = `
Examples:
  $ shop products list --all
  $ shop products add "BPC-157" --option Size=5mg,10mg --variant "5mg:sku=BPC-5,price=39.99" --variant "10mg:sku=BPC-10,price=69.99"
  $ shop variants update BPC-10 --stock 40
  $ shop products toggle "BPC-157 5mg" --off
  $ shop products import catalogue.csv --dry-run
  $ shop products export --format csv --out catalogue.csv
  $ shop admins grant alice@example.com
  $ shop orders list --status paid --json
  $ shop images prune --dry-run
  $ shop discounts create --code LAB15 --type percent --value 15 --affiliate "Lab Co"
  $ shop lots add BPC157-10MG --lot HX-2611-014 --coa coa.pdf --purity 99.2 --tested 2026-11-01
  $ shop seed --products 50 --seed 42 --reset
  $ shop backup backups/shop-2026-11-25.sqlite

Data goes to stdout, messages to stderr. Exit codes: 0 done, 1 the operation failed, 2 usage error.`;

/** Help text listing a command's own examples. */
const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ shop ${l}`).join('\n')}`;

const VARIANT_FLAG_HELP =
  'a size: its option values (in --option order, joined by /), then ":" and any of sku=, price=, stock=, compare-at=, available=, e.g. "10mg:sku=BPC-10,price=69.99,stock=20"; repeat for each size (--price, --stock and --compare-at fill in what one leaves out)';

/** Collects a repeated option's values. */
const repeated = (value: string, previous: string[] = []) => [...previous, value];

const productFieldOptions = (command: Command, what: string) =>
  command
    .option('--name <name>', `${what} name (unique, compared case-insensitively)`)
    .option('--price <price>', 'price in dollars, at most 2 decimals, e.g. 39.99')
    .option('--description <html>', 'description (HTML; sanitised like the admin editor’s)')
    .option('--category <category>', 'category')
    .option('--brand <brand>', 'brand')
    .option('--stock <units>', 'units on hand; "none" when stock is not tracked')
    .option('--sku <sku>', 'SKU of a product sold one way (unique across the shop)')
    .option('--compare-at <price>', 'the "was" price shown struck through; "none" for none')
    .option('--cas <number>', 'CAS number, e.g. 137525-51-0 (its check digit is checked)')
    .option('--formula <formula>', 'molecular formula, e.g. C62H98N16O22')
    .option('--mw <g/mol>', 'molecular weight in g/mol')
    .option('--sequence <sequence>', 'amino-acid sequence')
    .option('--purity <text>', 'purity as published, e.g. "≥ 99% (HPLC)"')
    .option('--form <text>', 'form, e.g. "Lyophilised powder"')
    .option('--storage <text>', 'storage, e.g. "-20 °C, dry, dark"')
    .option('--image <file>', 'a JPEG, PNG or WebP file to upload as the product image');

/**
 * Every command, each loading its module (and the heavy libraries it needs) only when it runs, so
 * `shop --help` starts as fast as commander alone.
 */
export function buildProgram(io: CliIo, version: string, state: RunState): Command {
  const act =
    // biome-ignore lint/suspicious/noExplicitAny: the command's arguments, then its options, as commander gives them
      (load: (...commandArgs: any[]) => Promise<AnyCommand>) =>
      async (...args: unknown[]) => {
        const command = args.at(-1) as Command;
        const { CliContext } = await import('./context.js');
        state.ctx = new CliContext(io, command.optsWithGlobals());
        const commandArgs = [...args.slice(0, -2), command.opts()];
        const { run, print } = await load(...commandArgs);
        const ctx = state.ctx;
        // Every change a command makes is audited as the operating-system user who ran it.
        const { asActor } = await import('../shared/backend/audit/actor.js');
        const data = await asActor(ctx.actor, () => run(ctx, ...commandArgs));
        state.result = { data };
        await print(state.ctx.out, data, ...commandArgs);
      };
  const products = () => import('./commands/products.js');
  const orders = () => import('./commands/orders.js');
  const admins = () => import('./commands/admins.js');

  const program = new Command('shop')
    .description('Manage the peptide shop’s catalogue, orders and admins from a terminal')
    .version(version, '-V, --version')
    .option('--data <dir>', 'data folder of the embedded store (default: $SHOP_DATA_DIR or .data)')
    .option('--init', 'create the --data folder if it does not exist (else a missing one is an error)')
    .addOption(
      new Option('--backend <name>', 'store backend (default: $SHOP_BACKEND or sqlite)').choices([
        'sqlite',
        'firestore',
      ]),
    )
    .option('--json', 'print data as JSON')
    .option('-q, --quiet', 'print no progress or success messages')
    .option('--no-color', 'no colours (NO_COLOR is honoured too)')
    .addHelpText('after', EXAMPLES)
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();

  const product = program.command('products').description('list, add, change, import and export products');
  product
    .command('list')
    .description('list products (available ones unless --all)')
    .option('--all', 'include unavailable products')
    .addHelpText('after', examples('products list --all', 'products list --json'))
    .action(act(async () => (await products()).listProducts));
  productFieldOptions(product.command('add').argument('[name]', 'product name (or --name)'), 'product')
    .option('--option <name=values>', 'a way the product comes in, e.g. Size=5mg,10mg (up to 3)', repeated)
    .option('--variant <size>', VARIANT_FLAG_HELP, repeated)
    .description(
      'add a product, sold one way (--price, --sku, --stock) or in sizes (--option, --variant); on a terminal asks for what is missing',
    )
    .addHelpText(
      'after',
      examples(
        'products add "BPC-157 5mg" --price 39.99 --stock 120 --sku BPC-5 --category "Tissue Repair"',
        'products add "BPC-157" --option Size=5mg,10mg --variant "5mg:sku=BPC-5,price=39.99,stock=20" --variant "10mg:sku=BPC-10,price=69.99"',
        'products add "TB-500" --option Size=2mg,5mg --price 29 --cas 77591-33-4',
        'products add --name "TB-500 2mg" --price 29 --image tb500.jpg',
      ),
    )
    .action(act(async () => (await products()).addProduct));
  productFieldOptions(product.command('update').argument('<product>', 'id or name'), 'new')
    .description('change some fields of a product')
    .addHelpText(
      'after',
      examples(
        'products update "BPC-157 5mg" --price 34.99 --stock 80',
        'products update xUK9LlRCkzxlbRNFbnNG --stock none',
      ),
    )
    .action(act(async () => (await products()).updateProduct));
  product
    .command('toggle')
    .argument('<product>', 'id or name')
    .description('switch a product between available and unavailable')
    .addOption(new Option('--on', 'make it available').conflicts('off'))
    .addOption(new Option('--off', 'make it unavailable'))
    .addHelpText('after', examples('products toggle "BPC-157 5mg" --off', 'products toggle "BPC-157 5mg"'))
    .action(act(async () => (await products()).toggleProduct));
  product
    .command('delete')
    .argument('<product>', 'id or name')
    .description('delete a product (asks first; without a terminal needs --yes)')
    .option('-y, --yes', 'do not ask')
    .addHelpText('after', examples('products delete "BPC-157 5mg" --yes'))
    .action(act(async () => (await products()).deleteProduct));
  product
    .command('import')
    .argument(
      '<file>',
      'our CSV (as export writes it: a row per size), a Shopify or WooCommerce product export, or export’s JSON',
    )
    .description('add (or update) products from a file; all or nothing unless --skip-invalid')
    .option('--dry-run', 'report what would be created, updated and rejected, and write nothing')
    .option('--update-existing', 'update products whose names are already in the store')
    .option(
      '--skip-invalid',
      'write the good rows and report the bad ones (exit code 1 when any was rejected)',
    )
    .option('--no-download-images', 'keep image links as they are instead of downloading them into the shop')
    .addHelpText(
      'after',
      examples(
        'products import catalogue.csv --dry-run',
        'products import catalogue.csv --update-existing',
        'products import shopify-products.csv --skip-invalid --json',
      ),
    )
    .action(act(async () => (await import('./commands/products-import.js')).importProducts));
  product
    .command('export')
    .description('write every product as CSV or JSON, in the form import reads back')
    .addOption(
      new Option(
        '--format <format>',
        'csv, json or shopify (Shopify’s product CSV) (default: csv; json with the global --json)',
      ).choices(['csv', 'json', 'shopify']),
    )
    .option('--out <file>', 'write to a file instead of stdout')
    .addHelpText(
      'after',
      examples(
        'products export --out catalogue.csv',
        'products export --format json > catalogue.json',
        'products export --format shopify --out shopify-products.csv',
        '--json products export --out catalogue.json',
      ),
    )
    .action(act(async () => (await import('./commands/products-export.js')).exportProducts));

  const variants = () => import('./commands/variants.js');
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

  const admin = program
    .command('admins')
    .description('who may use the admin area: full admins (isAdmin) and fulfilment staff (orders only)');
  admin
    .command('grant')
    .argument('<email>', 'an existing account’s e-mail')
    .addOption(
      new Option('--role <role>', 'admin: everything; fulfilment: see and ship orders only')
        .choices(STAFF_ROLES)
        .default('admin'),
    )
    .description('make an account a full admin, or fulfilment staff with --role fulfilment')
    .addHelpText(
      'after',
      examples('admins grant alice@example.com', 'admins grant --role fulfilment bob@example.com'),
    )
    .action(act(async () => (await admins()).grantAdmin));
  admin
    .command('revoke')
    .argument('<email>', 'a staff member’s e-mail')
    .description('take admin or fulfilment access away (never from the last full admin)')
    .addHelpText('after', examples('admins revoke alice@example.com'))
    .action(act(async () => (await admins()).revokeAdmin));
  admin
    .command('list')
    .description('list the staff and their roles')
    .addHelpText('after', examples('admins list --json'))
    .action(act(async () => (await admins()).listAdmins));

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
        opts.fromFile
          ? (await import('./commands/orders-ship-file.js')).shipFromFile
          : (await orders()).shipOrder,
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
    .action(act(async () => (await import('./commands/orders-export.js')).exportOrders));
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

  const report = program.command('report').description('figures about the shop');
  report
    .command('sales')
    .description(
      'revenue (paid and shipped orders) and orders by UTC day, beside the days before; the last 30 days unless told',
    )
    .option('--from <day>', 'first day, YYYY-MM-DD (UTC)')
    .option('--to <day>', 'last day, YYYY-MM-DD (UTC); at most 366 days after --from')
    .addHelpText('after', examples('report sales', 'report sales --from 2026-11-01 --to 2026-11-30 --json'))
    .action(act(async () => (await import('./commands/report.js')).salesReport));

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
    .action(act(async () => (await import('./commands/report-affiliates.js')).affiliatesReport));

  const discounts = () => import('./commands/discounts.js');
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

  const rates = () => import('./commands/rates.js');
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

  const checkoutLimits = () => import('./commands/checkout-limits.js');
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

  program
    .command('images')
    .description('product images in the data folder, or the bucket with --backend firestore')
    .command('prune')
    .description(
      'remove images and COA PDFs no product or lot uses that were stored over 24 h ago (the running shop does this daily)',
    )
    .option('--dry-run', 'list them and remove nothing')
    .option('--grace <duration>', 'keep unused images younger than this, e.g. 24h, 90m, 2d', '24h')
    .addHelpText('after', examples('images prune --dry-run', 'images prune --grace 7d --json'))
    .action(act(async () => (await import('./commands/images.js')).pruneImages));

  const lots = () => import('./commands/lots.js');
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

  program
    .command('messages')
    .description('contact-form messages')
    .command('list')
    .description('what shoppers sent through the contact form, newest first')
    .option('--full', 'each whole message instead of a table')
    .addHelpText('after', examples('messages list', 'messages list --full', 'messages list --json'))
    .action(act(async () => (await import('./commands/messages.js')).listMessages));

  program
    .command('audit')
    .description('who changed what: products, lots, orders and admin rights')
    .command('list')
    .description('audit entries, newest first (50 unless --limit)')
    .addOption(new Option('--entity <entity>', 'only changes to these').choices(AUDIT_ENTITIES))
    .option('--id <id>', 'only changes to this product, order (id), lot (number) or admin (e-mail)')
    .option('--actor <who>', 'only changes by this e-mail or cli:<user>')
    .option('--since <when>', 'only changes from this day (YYYY-MM-DD, UTC) or ISO time on')
    .option('--before <cursor>', 'the page after one that printed this cursor')
    .option('--limit <n>', 'entries per page (at most 200)')
    .addHelpText(
      'after',
      examples('audit list --entity product --since 2026-11-01', 'audit list --id HP-7K2M9QXD --json'),
    )
    .action(act(async () => (await import('./commands/audit.js')).listAudit));

  const mail = program.command('mail').description('the outbox of order and contact e-mails');
  mail
    .command('list')
    .description('e-mails in the outbox, oldest first: pending, sent, or failed (given up on)')
    .option('--status <status>', 'only pending, sent or failed ones')
    .addHelpText('after', examples('mail list --status failed', 'mail list --json'))
    .action(act(async () => (await import('./commands/mail.js')).listMail));
  mail
    .command('send')
    .description('send the e-mails due now (the running shop does it on its own, retrying with backoff)')
    .addHelpText('after', examples('mail send'))
    .action(act(async () => (await import('./commands/mail.js')).sendMail));

  program
    .command('backup')
    .argument('<file>', 'where to write the copy')
    .option('--force', 'overwrite the file if it exists')
    .description(
      'write a consistent copy of the shop’s database while the shop runs (on Firestore: how to export instead)',
    )
    .addHelpText(
      'after',
      examples('backup backups/shop-2026-11-25.sqlite', 'backup nightly.sqlite --force --json'),
    )
    .action(act(async () => (await import('./commands/backup.js')).backup));
  program
    .command('restore')
    .argument('<file>', 'a copy written by shop backup')
    .description(
      'put a backup back as the shop’s database (stop the shop first); the replaced one is kept beside it',
    )
    .addHelpText('after', examples('restore backups/shop-2026-11-25.sqlite'))
    .action(act(async () => (await import('./commands/restore.js')).restore));

  program
    .command('seed')
    .description('fill the store with deterministic test data (same --seed, same data)')
    .option('--products <n>', 'products to add', '20')
    .option('--users <n>', 'customer accounts to create in Auth', '0')
    .option('--orders <n>', 'orders to place for those customers', '0')
    .option('--seed <s>', 'seed of the generator', '1')
    .option('--reset', 'empty the store first')
    .option('--force', 'allow --reset on a hosted backend')
    .addHelpText(
      'after',
      examples('seed --products 50 --seed 42 --reset', 'seed --users 3 --orders 10 --seed ci'),
    )
    .action(act(async () => (await import('./commands/seed.js')).seed));

  return program;
}
