import { formatBytes, formatDuration, parseDuration } from '../../shared/backend/images/amounts.js';
import {
  type PruneResult,
  pruneUnusedImages,
  UNUSED_IMAGE_GRACE_MS,
} from '../../shared/backend/images/prune-unused.js';
import type { CliContext } from '../context.js';
import { UsageError } from '../errors.js';

export interface PruneOptions {
  dryRun?: boolean;
  grace?: string;
}

/** Removes (or with --dry-run lists) the images no product uses that are older than the grace period. */
export async function runPrune(ctx: CliContext, opts: PruneOptions): Promise<PruneResult> {
  const graceMs = opts.grace === undefined ? UNUSED_IMAGE_GRACE_MS : parseDuration(opts.grace);
  if (graceMs === null)
    throw new UsageError(`--grace must be a duration such as 24h, 90m or 2d (got "${opts.grace}")`);
  const [store, images] = await Promise.all([ctx.store(), ctx.images()]);
  return pruneUnusedImages({ images, products: store.products, graceMs, dryRun: opts.dryRun === true });
}

export async function pruneImages(ctx: CliContext, opts: PruneOptions): Promise<void> {
  const result = await runPrune(ctx, opts);
  await ctx.out.result(result, ({ images }) =>
    images.length === 0
      ? ''
      : ctx.out.table(
          ['image', 'size', 'stored (UTC)', 'age'],
          images.map((i) => [
            i.name,
            formatBytes(i.size),
            i.storedAt.slice(0, 16).replace('T', ' '),
            formatDuration(i.ageSeconds * 1000),
          ]),
        ),
  );
  if (ctx.out.json) return;
  ctx.out.info(summary(result));
}

function summary({ images, dryRun, graceSeconds, inUse, young }: PruneResult): string {
  const grace = formatDuration(graceSeconds * 1000);
  const kept = `kept ${inUse} in use and ${young} stored less than ${grace} ago`;
  if (images.length === 0) return `No unused image is older than ${grace}; ${kept}.`;
  const counted = `${images.length} unused image${images.length === 1 ? '' : 's'} (${formatBytes(images.reduce((n, i) => n + i.size, 0))})`;
  return dryRun
    ? `Would remove ${counted} (--dry-run: nothing removed); ${kept}.`
    : `Removed ${counted}; ${kept}.`;
}
