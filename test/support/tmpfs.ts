import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Fills the disk with a file until writing fails (leaving `leaveBytes` free, roughly); its path. */
  fill(leaveBytes?: number): string;
  unmount(): void;
}

/**
 * A real small file system (tmpfs) to run the shop on, so a full disk is a real one. Needs root, as
 * CI has; a failed mount throws, so a test needing it fails rather than skips.
 */
export function mountSmallDisk(sizeMb: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'shop-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'pipe' });
  let fillers = 0;
  return {
    dir,
    fill(leaveBytes = 0) {
      const file = join(dir, `filler-${++fillers}.bin`);
      const fd = openSync(file, 'w');
      try {
        for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
          const chunk = Buffer.alloc(size, 1);
          for (;;) {
            try {
              if (leaveBytes > 0 && free(dir) - size < leaveBytes) break;
              writeSync(fd, chunk);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
      return file;
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Bytes free on the file system holding `dir`. */
function free(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}
