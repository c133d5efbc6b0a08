import type { ProductWrite } from '../../shared/backend/store/port.js';
import { remoteImageSlots } from './import-images.js';
import { type ImportRun, noteAt } from './import-run.js';
import { MAX_NOTES } from './import-summary.js';
import type { ImportedProduct } from './imported-product.js';
import { judgeProduct, prepareBatch } from './judge-import.js';
import type { Verdict } from './judge-product.js';

/** Downloads remembered, so a link the file repeats is fetched once; bounded, so memory stays flat. */
const REMEMBERED_DOWNLOADS = 10_000;

type Accepted = { p: ImportedProduct; write: ProductWrite };

/** A batch judged and planned: the writes of the products accepted, their remote images downloaded. */
export async function planBatch(run: ImportRun, batch: ImportedProduct[]): Promise<ProductWrite[]> {
  const view = await prepareBatch(run, batch);
  const accepted: Accepted[] = [];
  // One at a time: a product's SKUs are judged by what the file's earlier products took or gave up.
  for (const p of batch) {
    const write = plan(run, p, judgeProduct(run, p, view));
    if (write) accepted.push({ p, write });
  }
  await fetchImages(run, accepted);
  return accepted.map(({ write }) => write);
}

/** The plan step: a judged product counted in the summary, and its write if it was accepted. */
function plan(run: ImportRun, p: ImportedProduct, verdict: Verdict): ProductWrite | null {
  const { summary } = run;
  if ('problems' in verdict) {
    summary.rejected += p.rows.length;
    summary.rejectedProducts++;
    verdict.problems.sort((a, b) => a.row - b.row);
    for (const problem of verdict.problems)
      if (summary.problems.length < MAX_NOTES) summary.problems.push(problem);
    return null;
  }
  if (verdict.write.op === 'create') summary.created++;
  else {
    summary.updated++;
    run.updatedIds.firstRowOrAdd(verdict.write.id, p.rows[0]!);
  }
  summary.variants.created += verdict.variants.created;
  summary.variants.updated += verdict.variants.updated;
  summary.variants.removed += verdict.variants.removed;
  for (const warning of p.warnings) run.warn(warning);
  return verdict.write;
}

/** The accepted products' image links counted, and downloaded into the shop unless nothing is to be written. */
async function fetchImages(run: ImportRun, accepted: Accepted[]): Promise<void> {
  const { options, summary, downloads } = run;
  const slots = accepted.flatMap(({ p, write }) => remoteImageSlots(write).map((slot) => ({ p, slot })));
  for (const { slot } of slots)
    if (run.linksSeen.firstRowOrAdd(slot.url, 0) === undefined) summary.images.remote++;
  if (!options.downloadImages || options.dryRun || run.doomed() || slots.length === 0) return;
  const wanted = [...new Set(slots.map(({ slot }) => slot.url).filter((url) => !downloads.has(url)))];
  if (downloads.size + wanted.length > REMEMBERED_DOWNLOADS) downloads.clear();
  const results = await options.downloadImages(wanted);
  for (const url of wanted) {
    const result = results.get(url) ?? { error: 'not tried' };
    downloads.set(url, result);
    if ('url' in result) summary.images.downloaded++;
    else summary.images.failed++;
  }
  for (const { p, slot } of slots) {
    const result = downloads.get(slot.url)!;
    if ('url' in result) slot.set(result.url);
    else
      run.warn(noteAt(p, slot.path, `image not downloaded (${result.error}): the link ${slot.url} is kept`));
  }
}
