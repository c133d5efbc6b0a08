import { type Command, Option } from '../../commander.js';
import { type CommandGroup, examples, repeated } from '../group.js';

const VARIANT_FLAG_HELP =
  'a size: its option values (in --option order, joined by /), then ":" and any of sku=, price=, stock=, compare-at=, available=, e.g. "10mg:sku=BPC-10,price=69.99,stock=20"; repeat for each size (--price, --stock and --compare-at fill in what one leaves out)';

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

/** The `products` group: list, add, update, toggle, delete, import and export. */
export const productsGroup: CommandGroup = (program, act) => {
  const products = () => import('./products.js');
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
    .action(act(async () => (await import('./import.js')).importProducts));
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
    .action(act(async () => (await import('./export.js')).exportProducts));
};
