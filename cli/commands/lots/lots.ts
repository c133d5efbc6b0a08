import { readFile } from 'node:fs/promises';
import { checkCoa, recordLot } from '../../../shared/backend/lots/record-lot.js';
import { removeLot } from '../../../shared/backend/lots/remove-lot.js';
import type { Store } from '../../../shared/backend/store/port.js';
import { DuplicateLotError, ShopError, ValidationError } from '../../../shared/domain/errors.js';
import type { Lot } from '../../../shared/domain/lot.js';
import type { Product } from '../../../shared/domain/product.js';
import { type Variant, variantTitle } from '../../../shared/domain/variant.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { OperationError, UsageError } from '../../errors.js';
import { findProduct } from '../products/products.js';

export interface AddLotOptions {
  lot?: string;
  coa?: string;
  purity?: string;
  tested?: string;
}

/** A lot as listed: with the names a person recognises it by. */
export interface ListedLot extends Lot {
  productName: string;
  sku: string;
  options: Record<string, string>;
}

/** Which command-line flag (or argument) each field of a lot comes from. */
const FLAG_OF: Record<string, string> = {
  lotNumber: '--lot',
  testedAt: '--tested',
  purity: '--purity',
  coa: '--coa',
  variantId: '<sku|variant-id>',
  productId: '<sku|variant-id>',
};

/** The variant a SKU (any case) or a variant id names, with its product. */
async function findVariant(store: Store, ref: string): Promise<{ product: Product; variant: Variant }> {
  const bySku = await store.products.findBySku(ref);
  if (bySku) return bySku;
  for (const product of await store.products.listAll()) {
    const variant = product.variants.find((v) => v.id === ref);
    if (variant) return { product, variant };
  }
  throw new OperationError(`<sku|variant-id>: no variant has the SKU or id "${ref}"`);
}

async function readCoa(file: string): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UsageError(`--coa: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    checkCoa(bytes);
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    const why = { 'unsupported-media-type': 'is not a PDF', 'invalid-input': 'is empty' }[
      error.code as string
    ];
    throw new UsageError(`--coa: ${why ? `${file} ${why}` : `${file}: ${error.message}`}`);
  }
  return bytes;
}

/** Records a lot of a variant with its COA PDF, stored as the shop stores uploads. */
export const addLot = command({
  async run(ctx: CliContext, ref: string, opts: AddLotOptions): Promise<Lot> {
    const missing = (['lot', 'coa', 'purity', 'tested'] as const).filter((f) => opts[f] === undefined);
    if (missing.length > 0) throw new UsageError(`Missing ${missing.map((f) => `--${f}`).join(', ')}`);
    const coa = await readCoa(opts.coa!);
    const purity = Number(opts.purity);
    if (opts.purity!.trim() === '' || Number.isNaN(purity))
      throw new UsageError(`--purity must be a number (percent), e.g. 99.2 (got "${opts.purity}")`);
    const [store, images] = await Promise.all([ctx.store(), ctx.images()]);
    const { product, variant } = await findVariant(store, ref);
    try {
      return await recordLot(
        { store, images },
        {
          lotNumber: opts.lot,
          productId: product.id,
          variantId: variant.id,
          testedAt: opts.tested,
          purity,
          coa,
        },
      );
    } catch (error) {
      if (error instanceof ValidationError)
        throw new UsageError(
          error.issues.map((i) => `${FLAG_OF[i.field] ?? i.field}: ${i.message}`).join('\n'),
        );
      if (error instanceof DuplicateLotError) throw new OperationError(`--lot: ${error.message}`);
      throw error;
    }
  },
  async print(out, lot) {
    await out.result(lot, () => '');
    out.success(`Recorded lot ${lot.lotNumber}; its COA is at ${lot.coaUrl}`);
  },
});

export const listLots = command({
  async run(ctx: CliContext, opts: { product?: string }): Promise<ListedLot[]> {
    const store = await ctx.store();
    const product = opts.product === undefined ? null : await findProduct(store, opts.product);
    const lots = product ? await store.lots.listForProduct(product.id) : await store.lots.list();
    const products = new Map<string, Product>();
    if (product) products.set(product.id, product);
    else for (const p of await store.products.listAll()) products.set(p.id, p);
    return lots.map((lot) => {
      const of = products.get(lot.productId);
      const variant = of?.variants.find((v) => v.id === lot.variantId);
      return {
        ...lot,
        productName: of?.name ?? '',
        sku: variant?.sku ?? '',
        options: variant?.options ?? {},
      };
    });
  },
  async print(out, lots) {
    await out.result(lots, (list) =>
      list.length === 0
        ? ''
        : out.table(
            ['lot', 'product', 'variant', 'sku', 'tested', 'purity', 'coa'],
            list.map((l) => [
              l.lotNumber,
              l.productName || `(deleted ${l.productId})`,
              variantTitle(l) || '—',
              l.sku || '—',
              l.testedAt,
              `${l.purity}%`,
              l.coaUrl,
            ]),
          ),
    );
    if (!out.json) out.info(counted(lots.length, 'lot'));
  },
});

/** Deletes a lot, and its COA unless another lot uses the same file. */
export const removeLotCommand = command({
  async run(ctx: CliContext, lotNumber: string): Promise<Lot> {
    const [store, images] = await Promise.all([ctx.store(), ctx.images()]);
    try {
      return await removeLot({ store, images }, lotNumber);
    } catch (error) {
      if (error instanceof ShopError && error.code === 'not-found') throw new OperationError(error.message);
      throw error;
    }
  },
  async print(out, lot) {
    await out.result(lot, () => '');
    out.success(`Removed lot ${lot.lotNumber}`);
  },
});
