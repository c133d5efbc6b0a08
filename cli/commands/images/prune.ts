import { formatBytes, formatDuration, parseDuration } from '../../../shared/backend/images/amounts.js';
import {
  type PruneResult,
  pruneUnusedImages,
  UNUSED_IMAGE_GRACE_MS,
} from '../../../shared/backend/images/prune-unused.js';
import { command, counted } from '../../command.js';
import type { CliContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Output } from '../../output.js';

export interface PruneOptions {
  dryRun?: boolean;
  grace?: string;
}

/** Removes (or with --dry-run lists) the images no product uses that are older than the grace period. */
async function run(ctx: CliContext, opts: PruneOptions): Promise<PruneResult> {
  const graceMs = opts.grace === undefined ? UNUSED_IMAGE_GRACE_MS : parseDuration(opts.grace);
  if (graceMs === null)
    throw new UsageError(`--grace must be a duration such as 24h, 90m or 2d (got "${opts.grace}")`);
  const [store, images] = await Promise.all([ctx.store(), ctx.images()]);
  return pruneUnusedImages({ images, users: store, graceMs, dryRun: opts.dryRun === true });
}

async function print(out: Output, result: PruneResult): Promise<void> {
  await out.result(result, ({ images }) =>
    images.length === 0
      ? ''
      : out.table(
          ['image', 'size', 'stored (UTC)', 'age'],
          images.map((i) => [
            i.name,
            formatBytes(i.size),
            i.storedAt.slice(0, 16).replace('T', ' '),
            formatDuration(i.ageSeconds * 1000),
          ]),
        ),
  );
  if (!out.json) out.info(summary(result));
}

export const pruneImages = command({ run, print });

function summary({ images, dryRun, graceSeconds, inUse, young }: PruneResult): string {
  const grace = formatDuration(graceSeconds * 1000);
  const kept = `kept ${inUse} in use and ${young} stored less than ${grace} ago`;
  if (images.length === 0) return `No unused image is older than ${grace}; ${kept}.`;
  const unused = `${counted(images.length, 'unused image')} (${formatBytes(images.reduce((n, i) => n + i.size, 0))})`;
  return dryRun
    ? `Would remove ${unused} (--dry-run: nothing removed); ${kept}.`
    : `Removed ${unused}; ${kept}.`;
}
