import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from './auth/emulator-lease.js';

const runDir = (dataDir: string) => join(dataDir, 'run');
const PID_FILE = /^shop\.(\d+)\.pid$/;

/**
 * Marks the data folder as in use by this process (a running `npm start`) until the returned
 * function is called. One file per process, so two shops on one folder never drop each other's
 * mark; a shop killed with -9 leaves its file behind, and runningShops() skips dead pids.
 */
export function markShopRunning(dataDir: string): () => void {
  mkdirSync(runDir(dataDir), { recursive: true });
  const file = join(runDir(dataDir), `shop.${process.pid}.pid`);
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}

/** The process ids of shops running on the data folder now. */
export function runningShops(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(runDir(dataDir));
  } catch {
    return [];
  }
  return names
    .map((name) => PID_FILE.exec(name)?.[1])
    .filter((pid): pid is string => pid !== undefined)
    .map(Number)
    .filter(isAlive);
}
