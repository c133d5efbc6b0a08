import { readFile } from 'node:fs/promises';
import type { ImageStore } from '../../shared/backend/images/port.js';
import type { Store } from '../../shared/backend/store/port.js';
import { MAX_IMAGE_BYTES } from '../../shared/domain/constants.js';
import { DUPLICATE_NAME_MESSAGE, type FieldIssue } from '../../shared/domain/errors.js';
import type { Product } from '../../shared/domain/product.js';
import { command, counted } from '../command.js';
import type { CliContext } from '../context.js';
import { OperationError, UsageError } from '../errors.js';
import type { Output, Rendered } from '../output.js';
import { checkNewProduct, checkPatch, type FieldTexts, loadSanitizer } from '../product-fields.js';
import { askConfirm, askText } from '../prompts.js';

interface FieldOptions {
  name?: string;
  price?: string;
  description?: string;
  category?: string;
  brand?: string;
  stock?: string;
  image?: string;
}

const money = (price: number) => `$${price.toFixed(2)}`;

async function productTable(out: Output, products: Product[]): Promise<Rendered> {
  if (products.length === 0) return '';
  return out.table(
    ['id', 'name', 'price', 'available', 'stock'],
    products.map((p) => [p.id, p.name, money(p.price), p.available ? 'yes' : 'no', p.stock ?? '—']),
  );
}

const optionIssues = (issues: FieldIssue[]) =>
  new UsageError(issues.map((i) => `--${i.field}: ${i.message}`).join('\n'));

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
  const { sniffImageType } = await import('../../shared/backend/images/sniff.js');
  const type = sniffImageType(bytes);
  if (!type) throw new UsageError(`--image: ${file} is not a JPEG, PNG or WebP image`);
  return (await images.save(bytes, type)).url;
}

const textsOf = ({ image: _file, ...fields }: FieldOptions): FieldTexts => fields;

export const listProducts = command({
  async run(ctx: CliContext, opts: { all?: boolean }): Promise<Product[]> {
    const store = await ctx.store();
    return opts.all ? store.products.listAll() : store.products.listAvailable();
  },
  async print(out, products) {
    await out.result(products, (list) => productTable(out, list));
    if (!out.json) out.info(counted(products.length, 'product'));
  },
});

/** Asks for a missing name and price on a terminal; without one, names what is missing. */
async function completeTexts(ctx: CliContext, texts: FieldTexts): Promise<FieldTexts> {
  const missing = (['name', 'price'] as const).filter((f) => texts[f] === undefined);
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

async function add(ctx: CliContext, opts: FieldOptions): Promise<Product> {
  const texts = await completeTexts(ctx, textsOf(opts));
  if (opts.description) await loadSanitizer();
  const checked = checkNewProduct(texts);
  if (!checked.ok) throw optionIssues(checked.issues);
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
    out.success(`Added ${product.name} (${money(product.price)}).`);
    await out.result(product, (p) => p.id);
  },
});

async function update(ctx: CliContext, ref: string, opts: FieldOptions): Promise<Product> {
  if (opts.description) await loadSanitizer();
  const texts = textsOf(opts);
  if (Object.keys(texts).length === 0 && !opts.image)
    throw new UsageError(
      'Nothing to update: give at least one of --name, --price, --description, --category, --brand, --stock, --image',
    );
  const checked = Object.keys(texts).length ? checkPatch(texts) : ({ ok: true, value: {} } as const);
  if (!checked.ok) throw optionIssues(checked.issues);
  const store = await ctx.store();
  const before = await findProduct(store, ref);
  const images = await ctx.images();
  const patch = { ...checked.value };
  if (opts.image) patch.imgUrl = await uploadImage(images, opts.image);
  let product: Product;
  try {
    product = await store.products.update(before.id, patch);
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
