// What keeping the Auth emulator's accounts on disk costs. npm start reads every account within a
// second of a request that may have changed them (and every 30 s in case a signal was missed) and
// writes an export only when they differ. Set against firebase-tools' own export of the same accounts
// (the hub's /_admin/export), which is what exporting every second would cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthEmulator } from '../../dist/node/shared/backend/auth/auth-emulator.js';
import { watchAuthExport } from '../../dist/node/shared/backend/auth/auth-export-watcher.js';
import { fmt, median } from '../lib.mjs';

const PROJECT = 'demo-bench-auth';
const SIZES = [1000, 10_000];
const ROUNDS = 7;
const IDLE_READ_S = 30;
const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };

async function post(url, body) {
  const response = await fetch(url, { method: 'POST', headers: owner, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

async function addAccounts(host, from, count) {
  for (let start = from; start < from + count; start += 1000) {
    const users = Array.from({ length: Math.min(1000, from + count - start) }, (_, i) => ({
      localId: `user${start + i}`,
      email: `user${start + i}@bench.example`,
      passwordHash: Buffer.from(`hash-${start + i}`).toString('base64'),
      salt: Buffer.from(`salt-${start + i}`).toString('base64'),
      customAttributes: JSON.stringify({ tier: 'gold' }),
    }));
    await post(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchCreate`, {
      users,
    });
  }
}

async function timed(task) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

export async function measure() {
  const work = mkdtempSync(join(tmpdir(), 'bench-auth-'));
  const emulator = await startAuthEmulator({ projectId: PROJECT, workDir: join(work, 'emulator') });
  const rows = [];
  try {
    let accounts = 0;
    for (const size of SIZES) {
      await addAccounts(emulator.host, accounts, size - accounts);
      accounts = size;
      const folder = join(work, `export-${size}`);
      const watcher = watchAuthExport({
        host: emulator.host,
        projectId: PROJECT,
        folder,
        cliVersion: 'bench',
        intervalMs: 3_600_000, // only the flushes below
        report: (line) => {
          throw new Error(line);
        },
      });
      await watcher.flush();
      const unchanged = [];
      const changed = [];
      const hub = [];
      for (let i = 0; i < ROUNDS; i++) {
        unchanged.push(await timed(() => watcher.flush()));
        await post(
          `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
          {
            localId: 'user0',
            displayName: `round ${size}-${i}`,
          },
        );
        changed.push(await timed(() => watcher.flush()));
        hub.push(
          await timed(() =>
            post(`http://127.0.0.1:${emulator.hubPort}/_admin/export`, {
              path: join(work, 'hub'),
              initiatedBy: 'bench',
            }),
          ),
        );
      }
      await watcher.stop();
      const [u, c, h] = [median(unchanged), median(changed), median(hub)];
      rows.push(
        {
          figure: `Auth accounts, ${fmt(size)}, idle: ms a second spent keeping them saved (a read every ${IDLE_READ_S} s)`,
          ours: fmt(u / IDLE_READ_S, 1),
          baseline: `${fmt(h, 1)} (firebase-tools export every second)`,
          ratio: (u / IDLE_READ_S / h).toFixed(3),
          target: '<= 0.1',
          ok: u / IDLE_READ_S / h <= 0.1,
        },
        {
          figure: `Auth accounts, ${fmt(size)}: read finding no change (ms, median of ${ROUNDS})`,
          ours: fmt(u, 1),
          baseline: `${fmt(h, 1)} (firebase-tools export)`,
          ratio: (u / h).toFixed(2),
          target: '<= 1.5',
          ok: u / h <= 1.5,
        },
        {
          figure: `Auth accounts, ${fmt(size)}: read and atomic, fsynced save after a change (ms, median of ${ROUNDS})`,
          ours: fmt(c, 1),
          baseline: `${fmt(h, 1)} (firebase-tools export)`,
          ratio: (c / h).toFixed(2),
          target: '<= 2.5',
          ok: c / h <= 2.5,
        },
      );
    }
  } finally {
    await emulator.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}
