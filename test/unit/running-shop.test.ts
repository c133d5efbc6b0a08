import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markShopRunning, runningShops } from '../../shared/backend/running-shop.js';

/** The pid of a process that has ended, as a shop killed with -9 leaves it. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the running-shop marks in the data folder', () => {
  it('removes, at start, the marks of shops whose process is gone, and keeps the live ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-run-'));
    dirs.push(dataDir);
    const run = join(dataDir, 'run');
    mkdirSync(run);
    const dead = await endedPid();
    writeFileSync(join(run, `shop.${dead}.pid`), `${dead}\n`);
    // Another shop on this folder, still running (this test's parent stands in for it).
    writeFileSync(join(run, `shop.${process.ppid}.pid`), `${process.ppid}\n`);
    writeFileSync(join(run, 'notes.txt'), 'not a mark');

    const unmark = markShopRunning(dataDir);
    expect(readdirSync(run).sort()).toEqual(
      [`shop.${process.pid}.pid`, `shop.${process.ppid}.pid`, 'notes.txt'].sort(),
    );
    expect(runningShops(dataDir).sort()).toEqual([process.pid, process.ppid].sort());
    unmark();
    expect(existsSync(join(run, `shop.${process.pid}.pid`))).toBe(false);
  });
});
