import type { ProductRepository } from '../store/port.js';
import { formatBytes, formatDuration } from './amounts.js';
import type { ImageStore } from './port.js';
import { pruneUnusedImages, UNUSED_IMAGE_GRACE_MS } from './prune-unused.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Pruner {
  /** Resolves once the pruning under way, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * Deletes images no product uses that were stored over a day ago, now and then every `intervalMs`, logging what it
 * removed. A failed run is logged and tried again next time; it never stops the shop.
 */
export function startImagePruner(
  products: Pick<ProductRepository, 'listAll'>,
  images: ImageStore,
  options: { intervalMs?: number; graceMs?: number; now?: () => number; log?: (line: string) => void } = {},
): Pruner {
  const { intervalMs = DAY_MS, graceMs = UNUSED_IMAGE_GRACE_MS, now = Date.now, log = console.log } = options;
  let running: Promise<void> = Promise.resolve();
  const prune = () => {
    running = pruneUnusedImages({ images, products, graceMs, now: now() }).then(
      ({ images: removed }) => {
        if (removed.length === 0) return;
        const bytes = removed.reduce((sum, image) => sum + image.size, 0);
        log(
          `Removed ${removed.length} unused image${removed.length === 1 ? '' : 's'} (${formatBytes(bytes)}) stored over ${formatDuration(graceMs)} ago: ${removed.map((i) => i.name).join(', ')}`,
        );
      },
      (error: unknown) =>
        log(`Could not remove unused images: ${error instanceof Error ? error.message : error}`),
    );
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
