import { readFile } from 'node:fs/promises';
import type { ImageStore } from '../../../shared/backend/images/port.js';
import { updateFromCurrent } from '../../../shared/backend/products/update-from-current.js';
import type { Store } from '../../../shared/backend/store/port.js';
import { MAX_IMAGE_BYTES } from '../../../shared/domain/constants.js';
import { DUPLICATE_NAME_MESSAGE, type FieldIssue } from '../../../shared/domain/errors.js';
import type { Product } from '../../../shared/domain/product.js';
import type { ProductSpecs } from '../../../shared/domain/specs.js';
import { pricesDiffer } from '../../../shared/domain/variant.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';
import type { Output, Rendered } from '../../output.js';
import {
  checkNewProduct,
  checkPatch,
  type FlagTexts,
  loadSanitizer,
  SPEC_OF_FLAG,
  type SpecFlag,
} from '../../product-fields.js';
import { askConfirm, askText } from '../../prompts.js';
import { STORE_PAGE_SIZE } from '../../streams.js';
import type { Cell } from '../../text-table.js';
import { flagOfField, type SizeFlags, type Sizes, sizesFromFlags } from '../../variant-flags.js';

interface FieldOptions extends Omit<FlagTexts, 'available'> {
  image?: string;
}

interface AddOptions extends FieldOptions, SizeFlags {}

export const money = (price: number) => `$${price.toFixed(2)}`;

/** The lowest price, "from" it when the sizes cost different amounts. */
const priceOf = (p: Product) => `${pricesDiffer(p.variants) ? 'from ' : ''}${money(p.price)}`;

const PRODUCT_HEAD = ['id', 'name', 'price', 'available', 'variants', 'stock'];
const productRow = (p: Product): Cell[] => [
  p.id,
  p.name,
  priceOf(p),
  p.available ? 'yes' : 'no',
  p.variants.length,
  p.stock ?? '—',
];

const productTable = (out: Output, products: Product[]): Promise<Rendered> =>
  out.table(PRODUCT_HEAD, products.map(productRow));

const optionIssues = (issues: FieldIssue[], sizes: Sizes | null = null) =>
  new UsageError(issues.map((i) => `--${flagOfField(i.field, sizes)}: ${i.message}`).join('\n'));

/** Finds a product by id, else by name (trimmed, case-insensitive). */
export async function findProduct(store: Store, ref: string): Promise<Product> {
  const product = (await store.products.get(ref)) ?? (await store.products.findByName(ref));
  if (!product) throw new OperationError(`No product has the id or name "${ref}"`);
  return product;
}

/** Uploads an image file to the image store, refusing anything but a JPEG, PNG or WebP of at most 5 MB. */
async function uploadImage(images: ImageStore, file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UsageError(`--image: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  if (bytes.length > MAX_IMAGE_BYTES)
    throw new UsageError(`--image: ${file} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const { sniffImageType } = await import('../../../shared/backend/images/sniff.js');
  const type = sniffImageType(bytes);
  if (!type) throw new UsageError(`--image: ${file} is not a JPEG, PNG or WebP image`);
  return (await images.save(bytes, type)).url;
}

const SIZE_FLAGS = ['option', 'variant'] as const;
const textsOf = ({ image: _file, ...fields }: FieldOptions): FlagTexts => {
  const texts: Record<string, unknown> = { ...fields };
  for (const flag of SIZE_FLAGS) delete texts[flag];
  return texts as FlagTexts;
};

/** What `products list` printed: how many products, counted as print reads them from the store. */
export interface ProductListing {
  all: boolean;
  products: number;
}

const listingPages = new WeakMap<ProductListing, AsyncIterable<Product[]>>();

/** The catalogue by name a page at a time, only the available products unless `all`; each counted into `listing`. */
async function* listedPages(store: Store, listing: ProductListing): AsyncIterable<Product[]> {
  for await (const page of store.products.listAllInPages(STORE_PAGE_SIZE)) {
    const listed = listing.all ? page : page.filter((p) => p.available);
    listing.products += listed.length;
    if (listed.length > 0) yield listed;
  }
}

/**
 * Streams: the store is read a page at a time while the table (or the --json array) is written, so
 * 100,000 products start printing at once and never sit in memory together.
 */
export const listProducts = command({
  async run(ctx: CliContext, opts: { all?: boolean }): Promise<ProductListing> {
    const store = await ctx.store();
    const listing: ProductListing = { all: Boolean(opts.all), products: 0 };
    listingPages.set(listing, listedPages(store, listing));
    return listing;
  },
  async print(out, listing) {
    await out.items(listingPages.get(listing)!, PRODUCT_HEAD, productRow);
    if (!out.json) out.info(counted(listing.products, 'product'));
  },
});

/**
 * Asks for a missing name and price on a terminal; without one, names what is missing. A product
 * whose --variant flags each carry a price needs no --price.
 */
async function completeTexts(ctx: CliContext, texts: FlagTexts, pricedSizes: boolean): Promise<FlagTexts> {
  const missing = (['name', 'price'] as const).filter(
    (f) => texts[f] === undefined && !(f === 'price' && pricedSizes),
  );
  if (missing.length === 0) return texts;
  if (ctx.cannotAsk)
    throw new UsageError(`Missing ${missing.map((f) => `--${f}`).join(' and ')} (${ctx.cannotAsk})`);
  const done = { ...texts };
  for (const field of missing) {
    done[field] = await askText(ctx, field === 'name' ? 'Name' : 'Price (e.g. 39.99)', (value) => {
      const checked = checkNewProduct({ name: 'x', price: '1', [field]: value });
      return checked.ok || checked.issues.find((i) => i.field === field)?.message || true;
    });
  }
  return done;
}

/** The name given as the argument or as --name (not both, unless they agree). */
function nameOf(name: string | undefined, opts: FieldOptions): string | undefined {
  if (name !== undefined && opts.name !== undefined && name !== opts.name)
    throw new UsageError(`Give the name once: "${name}" or --name "${opts.name}"`);
  return name ?? opts.name;
}

const everyVariantPriced = (variants: string[] | undefined) =>
  variants !== undefined && variants.length > 0 && variants.every((v) => /[:,]\s*price\s*=/i.test(v));

async function add(ctx: CliContext, name: string | undefined, opts: AddOptions): Promise<Product> {
  const given = { ...textsOf(opts), name: nameOf(name, opts) };
  const texts = await completeTexts(ctx, given, everyVariantPriced(opts.variant));
  if (opts.description) await loadSanitizer();
  const { sizes, issues } = sizesFromFlags({ ...opts, price: texts.price });
  if (issues.length > 0) throw optionIssues(issues);
  const checked = checkNewProduct(texts, sizes ?? undefined);
  if (!checked.ok) throw optionIssues(checked.issues, sizes);
  const store = await ctx.store();
  // Checked before uploading, so a refused name leaves no orphan image behind.
  if (await store.products.findByName(checked.value.product.name))
    throw new OperationError(DUPLICATE_NAME_MESSAGE);
  const images = await ctx.images();
  const imgUrl = opts.image ? await uploadImage(images, opts.image) : checked.value.product.imgUrl;
  try {
    return await store.products.add({ ...checked.value.product, imgUrl });
  } catch (error) {
    if (opts.image) await images.delete(imgUrl);
    throw error;
  }
}

export const addProduct = command({
  run: add,
  async print(out, product) {
    const sizes = product.variants.length > 1 ? `, ${counted(product.variants.length, 'variant')}` : '';
    out.success(`Added ${product.name} (${priceOf(product)}${sizes}).`);
    await out.result(product, (p) => p.id);
  },
});

/** The product's specs with the given spec flags applied: an empty one removes that spec. */
function mergedSpecs(current: ProductSpecs, texts: FlagTexts, given: ProductSpecs | undefined): ProductSpecs {
  const specs: Record<string, unknown> = { ...current };
  for (const [flag, key] of Object.entries(SPEC_OF_FLAG))
    if (texts[flag as SpecFlag] !== undefined) delete specs[key];
  if (texts.mw !== undefined) delete specs.molecularWeight;
  return { ...specs, ...given };
}

async function update(ctx: CliContext, ref: string, opts: FieldOptions): Promise<Product> {
  if (opts.description) await loadSanitizer();
  const texts = textsOf(opts);
  if (Object.keys(texts).length === 0 && !opts.image)
    throw new UsageError(
      'Nothing to update: give at least one of --name, --price, --description, --category, --brand, --stock, --sku, --compare-at, a spec (--cas …) or --image',
    );
  const checked = Object.keys(texts).length ? checkPatch(texts) : ({ ok: true, value: {} } as const);
  if (!checked.ok) throw optionIssues(checked.issues);
  const store = await ctx.store();
  const before = await findProduct(store, ref);
  const images = await ctx.images();
  const patch = { ...checked.value };
  if (opts.image) patch.imgUrl = await uploadImage(images, opts.image);
  const specsGiven = patch.specs !== undefined;
  let product: Product;
  try {
    // Specs given one flag at a time join the specs the product has when it is written.
    product = await updateFromCurrent(store.products, before.id, (current) =>
      specsGiven ? { ...patch, specs: mergedSpecs(current.specs, texts, patch.specs) } : patch,
    );
  } catch (error) {
    if (opts.image && patch.imgUrl) await images.delete(patch.imgUrl);
    throw error;
  }
  if (opts.image && before.imgUrl) await images.delete(before.imgUrl);
  return product;
}

export const updateProduct = command({
  run: update,
  async print(out, product) {
    out.success(`Updated ${product.name}.`);
    await out.result(product, (p) => productTable(out, [p]));
  },
});

export const toggleProduct = command({
  async run(ctx: CliContext, ref: string, opts: { on?: boolean; off?: boolean }): Promise<Product> {
    const store = await ctx.store();
    const before = await findProduct(store, ref);
    if (opts.on || opts.off) return store.products.setAvailability(before.id, Boolean(opts.on));
    // A flip is decided from what was read, so it only lands on that version: two flips at once
    // must not both turn the product off.
    return store.products.setAvailability(before.id, !before.available, { expectedVersion: before.version });
  },
  async print(out, product) {
    out.success(`${product.name} is now ${product.available ? 'available' : 'unavailable'}.`);
    await out.result(product, (p) => productTable(out, [p]));
  },
});

async function remove(ctx: CliContext, ref: string, opts: { yes?: boolean }): Promise<{ deleted: Product }> {
  const store = await ctx.store();
  const product = await findProduct(store, ref);
  if (!opts.yes) {
    if (ctx.cannotAsk)
      throw new UsageError(`Refusing to delete "${product.name}" without --yes (${ctx.cannotAsk})`);
    if (!(await askConfirm(ctx, `Delete "${product.name}" (${product.id})?`)))
      throw new OperationError('Nothing deleted.');
  }
  await store.products.delete(product.id);
  await (await ctx.images()).delete(product.imgUrl);
  return { deleted: product };
}

export const deleteProduct = command({
  run: remove,
  async print(out, result) {
    out.success(`Deleted ${result.deleted.name}.`);
    await out.result(result, ({ deleted }) => deleted.id);
  },
});
