import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from './auth/emulator-lease.js';

const runDir = (dataDir: string) => join(dataDir, 'run');
const PID_FILE = /^shop\.(\d+)\.pid$/;

/** The shop marks in the data folder, live or left behind. */
function shopMarks(dataDir: string): { pid: number; file: string }[] {
  let names: string[];
  try {
    names = readdirSync(runDir(dataDir));
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const pid = PID_FILE.exec(name)?.[1];
    return pid === undefined ? [] : [{ pid: Number(pid), file: join(runDir(dataDir), name) }];
  });
}

/**
 * Marks the data folder as in use by this process (a running `npm start`) until the returned
 * function is called. One file per process, so two shops on one folder never drop each other's
 * mark; the marks of shops killed with -9 (their process gone) are removed here.
 */
export function markShopRunning(dataDir: string): () => void {
  mkdirSync(runDir(dataDir), { recursive: true });
  for (const { pid, file } of shopMarks(dataDir)) if (!isAlive(pid)) rmSync(file, { force: true });
  const file = join(runDir(dataDir), `shop.${process.pid}.pid`);
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}

/** The process ids of shops running on the data folder now. */
export function runningShops(dataDir: string): number[] {
  return shopMarks(dataDir)
    .map(({ pid }) => pid)
    .filter(isAlive);
}
