import { type Periodic, runPeriodically } from '../periodic.js';
import { formatBytes, formatDuration } from './amounts.js';
import type { ImageStore } from './port.js';
import { type FileUsers, pruneUnusedImages, UNUSED_IMAGE_GRACE_MS } from './prune-unused.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Pruner = Periodic;

type PruneOptions = { graceMs?: number; now?: () => number; log?: (line: string) => void };

/**
 * Deletes the images no product uses (and COAs no lot uses) that were stored over a day ago,
 * logging what it removed; a failure is logged, never thrown, so the next run tries again.
 */
export function pruneAndLog(
  users: FileUsers,
  images: ImageStore,
  { graceMs = UNUSED_IMAGE_GRACE_MS, now = Date.now, log = console.log }: PruneOptions = {},
): Promise<void> {
  return pruneUnusedImages({ images, users, graceMs, now: now() }).then(
    ({ images: removed }) => {
      if (removed.length === 0) return;
      const bytes = formatBytes(removed.reduce((sum, image) => sum + image.size, 0));
      const names = removed.map((image) => image.name).join(', ');
      log(
        `Removed ${removed.length} unused image${removed.length === 1 ? '' : 's'} (${bytes}) stored over ${formatDuration(graceMs)} ago: ${names}`,
      );
    },
    (error: unknown) =>
      log(`Could not remove unused images: ${error instanceof Error ? error.message : error}`),
  );
}

/** The running shop's pruning: now, then every `intervalMs` (a day). */
export function startImagePruner(
  users: FileUsers,
  images: ImageStore,
  { intervalMs = DAY_MS, ...options }: PruneOptions & { intervalMs?: number } = {},
): Pruner {
  return runPeriodically(() => pruneAndLog(users, images, options), intervalMs);
}
