import { updateVariant } from '../../../shared/backend/products/update-from-current.js';
import type { Store } from '../../../shared/backend/store/port.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import type { Product } from '../../../shared/domain/product.js';
import { lineTitle, type Variant, variantTitle } from '../../../shared/domain/variant.js';
import { variantPatchSchema } from '../../../shared/domain/variant-schema.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';
import type { Output, Rendered } from '../../output.js';
import { FieldError, isNone, parsePrice, parseStock } from '../../product-fields.js';
import { findProduct, money } from '../products/products.js';

/** One variant as the list shows it, with its product. */
export interface VariantRow extends Omit<Variant, 'id'> {
  productId: string;
  product: string;
  productAvailable: boolean;
  variantId: string;
  /** Its option values, e.g. "10 mg"; '' for a product sold one way. */
  variant: string;
}

const rowOf = (product: Product, { id, ...variant }: Variant): VariantRow => ({
  productId: product.id,
  product: product.name,
  productAvailable: product.available,
  variantId: id,
  variant: variantTitle(variant),
  ...variant,
});

async function variantTable(out: Output, rows: VariantRow[]): Promise<Rendered> {
  if (rows.length === 0) return '';
  return out.table(
    ['product', 'variant', 'SKU', 'price', 'stock', 'available'],
    rows.map((r) => [
      r.product,
      r.variant || '—',
      r.sku || '—',
      money(r.price),
      r.stock ?? '—',
      r.available ? (r.productAvailable ? 'yes' : 'yes (product off)') : 'no',
    ]),
  );
}

export const listVariants = command({
  async run(ctx: CliContext, opts: { product?: string }): Promise<VariantRow[]> {
    const store = await ctx.store();
    const products = opts.product ? [await findProduct(store, opts.product)] : await store.products.listAll();
    return products.flatMap((p) => p.variants.map((v) => rowOf(p, v)));
  },
  async print(out, rows) {
    await out.result(rows, (list) => variantTable(out, list));
    if (!out.json) out.info(counted(rows.length, 'variant'));
  },
});

/** Finds a variant by SKU (trimmed, case-insensitive), else by its id. */
async function findVariant(store: Store, ref: string): Promise<{ product: Product; variant: Variant }> {
  const bySku = ref.trim() ? await store.products.findBySku(ref) : null;
  if (bySku) return bySku;
  for (const product of await store.products.listAll()) {
    const variant = product.variants.find((v) => v.id === ref);
    if (variant) return { product, variant };
  }
  throw new OperationError(`No variant has the SKU or id "${ref}"`);
}

interface VariantFlags {
  price?: string;
  compareAt?: string;
  stock?: string;
  sku?: string;
  available?: boolean;
  unavailable?: boolean;
}

const FLAG_OF_FIELD: Record<string, string> = { compareAtPrice: 'compare-at' };
const flagOf = (field: string) => FLAG_OF_FIELD[field] ?? field;

function patchOf(flags: VariantFlags) {
  const raw: Record<string, unknown> = {};
  try {
    if (flags.price !== undefined) raw.price = parsePrice(flags.price);
    if (flags.compareAt !== undefined)
      raw.compareAtPrice = isNone(flags.compareAt) ? null : parsePrice(flags.compareAt, 'compare-at');
    if (flags.stock !== undefined) raw.stock = parseStock(flags.stock);
  } catch (error) {
    if (error instanceof FieldError) throw new UsageError(`--${error.field}: ${error.message}`);
    throw error;
  }
  if (flags.sku !== undefined) raw.sku = flags.sku;
  if (flags.available || flags.unavailable) raw.available = flags.available === true;
  if (Object.keys(raw).length === 0)
    throw new UsageError(
      'Nothing to update: give at least one of --price, --compare-at, --stock, --sku, --available or --unavailable',
    );
  const parsed = variantPatchSchema.safeParse(raw);
  if (!parsed.success)
    throw new UsageError(
      parsed.error.issues.map((i) => `--${flagOf(String(i.path[0] ?? ''))}: ${i.message}`).join('\n'),
    );
  return parsed.data;
}

/**
 * Changes one variant's fields and no other's: the write lands only on the version of the product it
 * was made from, and is made again from the product as it then is when something (an order taking
 * stock of another size) changed it in between.
 */
async function update(ctx: CliContext, ref: string, flags: VariantFlags): Promise<VariantRow> {
  const patch = patchOf(flags);
  const store = await ctx.store();
  const found = await findVariant(store, ref);
  try {
    const product = await updateVariant(store.products, found.product.id, found.variant.id, patch);
    return rowOf(product, product.variants.find((v) => v.id === found.variant.id)!);
  } catch (error) {
    // The product's rules name the variant's field by its place (variants.1.compareAtPrice).
    if (error instanceof ValidationError)
      throw new UsageError(
        error.issues.map((i) => `--${flagOf(i.field.split('.').at(-1)!)}: ${i.message}`).join('\n'),
      );
    throw error;
  }
}

export const updateVariantCommand = command({
  run: update,
  async print(out, row) {
    out.success(`Updated ${lineTitle(row.product, row.options)}${row.sku ? ` (${row.sku})` : ''}.`);
    await out.result(row, (r) => variantTable(out, [r]));
  },
});
