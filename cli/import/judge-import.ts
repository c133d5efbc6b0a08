import { productNameSkeleton } from '../../shared/backend/product-name-skeleton.js';
import type { ProductWrite, Store } from '../../shared/backend/store/port.js';
import { DUPLICATE_NAME_MESSAGE } from '../../shared/domain/errors.js';
import { type Product, trimProductName } from '../../shared/domain/product.js';
import { skuKey } from '../../shared/domain/variant.js';
import { type ImportRun, noteAt } from './import-run.js';
import type { ImportedProduct, RowNote } from './imported-product.js';
import { judgeNew, judgeUpdate, type Verdict } from './judge-product.js';
import { DAMAGED_TEXT, REPLACEMENT_CHARACTER } from './row-groups.js';

const MARKUP = /[<>&]/;
const hasMarkup = (p: ImportedProduct) =>
  typeof p.input.description === 'string' && MARKUP.test(p.input.description);

type SkuOwners = Map<string, { id: string; name: string }>;

/** What the store holds that a batch is judged against: the products of its names, the owners of its SKUs. */
export interface StoreView {
  existing: Map<string, Product>;
  owners: SkuOwners;
}

/** Readies a batch to be judged: each product's description sanitised and name made final, then the store looked up. */
export async function prepareBatch(run: ImportRun, batch: ImportedProduct[]): Promise<StoreView> {
  if (!run.sanitize && batch.some(hasMarkup))
    run.sanitize = (await import('../../shared/backend/sanitize/description.js')).sanitizeDescriptionReport;
  for (const p of batch) prepare(run, p);
  const names = batch.flatMap(({ input }) =>
    typeof input.name === 'string' && input.name.trim() ? [input.name] : [],
  );
  const [existing, owners] = await Promise.all([
    run.store.products.findByNames(names),
    skuOwners(run.store, batch),
  ]);
  return { existing, owners };
}

/** The product's description sanitised (the sanitiser runs once per description) and its name made final. */
function prepare(run: ImportRun, p: ImportedProduct): void {
  run.summary.rows += p.rows.length;
  const input = p.input;
  if (run.summary.format === 'woocommerce' && JSON.stringify(input).includes(REPLACEMENT_CHARACTER))
    p.problems.push({ row: p.rows[0]!, column: null, message: DAMAGED_TEXT });
  if (typeof input.description === 'string') {
    if (MARKUP.test(input.description)) {
      const { html, removed } = run.sanitize!(input.description);
      input.description = html;
      if (removed.length > 0)
        p.warnings.push(
          noteAt(p, 'description', `the description was changed: removed ${removed.join('; ')}`),
        );
    } else input.description = input.description.trim();
  }
  if (typeof input.name !== 'string') return;
  const name = trimProductName(input.name);
  if (name === '') return;
  const earlier = run.names.firstRowOrAdd(productNameSkeleton(name), p.rows[0]!);
  if (earlier === undefined) return;
  const other = p.nameIfTaken;
  if (other !== undefined && run.names.firstRowOrAdd(productNameSkeleton(other), p.rows[0]!) === undefined) {
    input.name = other;
    p.warnings.unshift(
      noteAt(
        p,
        'name',
        `imported as "${other}": "${name}" is also the name of the product on row ${earlier}`,
      ),
    );
  } else p.problems.push(noteAt(p, 'name', `"${name}" is also on row ${earlier}`));
}

/**
 * The judge step: the shop's product rules on a product (a new one as the API creates it, an update
 * with patchedProductState against the product as it is), then its SKUs against the file and the store.
 */
export function judgeProduct(run: ImportRun, p: ImportedProduct, view: StoreView): Verdict {
  const verdict = rulesVerdict(run, p, view.existing);
  if ('problems' in verdict) return { problems: verdict.problems.concat(p.problems) };
  const problems = p.problems.concat(skuProblems(run, p, verdict.write, view.owners));
  return problems.length > 0 ? { problems } : verdict;
}

function rulesVerdict(run: ImportRun, p: ImportedProduct, existing: Map<string, Product>): Verdict {
  const found =
    typeof p.input.name === 'string' ? existing.get(productNameSkeleton(p.input.name)) : undefined;
  if (!found) return judgeNew(p);
  if (run.options.updateExisting) return judgeUpdate(p, found);
  return { problems: [noteAt(p, 'name', `${DUPLICATE_NAME_MESSAGE} (use --update-existing to update it)`)] };
}

/** SKUs of the file must be new to the store, or the updated product's own, and appear once in the file. */
function skuProblems(run: ImportRun, p: ImportedProduct, write: ProductWrite, owners: SkuOwners): RowNote[] {
  const target = (write.op === 'create' ? write.product : write.patch) as {
    variants?: { sku?: string }[];
    sku?: string;
  };
  const given = target.variants
    ? target.variants.map((v, i) => ({ sku: v.sku ?? '', field: `variants.${i}.sku` }))
    : [{ sku: target.sku ?? '', field: 'sku' }];
  const problems: RowNote[] = [];
  for (const { sku, field } of given) {
    if (sku.trim() === '') continue;
    const key = skuKey(sku);
    const row = run.skus.rowOf(key);
    const owner = owners.get(key);
    // The store's owner as it was before this import (a dry run writes nothing): what an earlier
    // update of the file kept, the file's own SKUs tell.
    const stillOwned =
      owner &&
      (write.op === 'create' || owner.id !== write.id) &&
      run.updatedIds.rowOf(owner.id) === undefined;
    if (row !== undefined) problems.push(noteAt(p, field, `SKU ${sku.trim()} is also on row ${row}`));
    else if (stillOwned) problems.push(noteAt(p, field, `SKU ${sku.trim()} is already ${owner.name}'s`));
  }
  if (problems.length === 0)
    for (const { sku } of given) if (sku.trim()) run.skus.firstRowOrAdd(skuKey(sku), p.rows[0]!);
  return problems;
}

async function skuOwners(store: Store, batch: ImportedProduct[]): Promise<SkuOwners> {
  const wanted = new Set<string>();
  for (const { input } of batch) {
    const list = input.variants ? input.variants.map((v) => v?.sku) : [input.sku];
    for (const sku of list) if (typeof sku === 'string' && sku.trim() !== '') wanted.add(sku.trim());
  }
  const owners: SkuOwners = new Map();
  await Promise.all(
    [...wanted].map(async (sku) => {
      const found = await store.products.findBySku(sku);
      if (found) owners.set(skuKey(sku), { id: found.product.id, name: found.product.name });
    }),
  );
  return owners;
}
