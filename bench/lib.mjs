import { fork } from 'node:child_process';
import autocannon from 'autocannon';

/** Forks a server script and resolves with its URL and a stop function. */
export function forkServer(script, args) {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(script, import.meta.url), args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', ({ url }) => resolve({ url, stop: () => child.kill() }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/**
 * Runs a measuring script of bench/ (path relative to this file) in a process of its own: resolves
 * with what it reports over IPC (its exit code, wall seconds, peak RSS…).
 */
export function forkMeasured(script, args) {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(script, import.meta.url), args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** `shop products import` of `file` into `dataDir` (bench/cli/import-run.mjs). */
export const runImport = (dataDir, file) => forkMeasured('./cli/import-run.mjs', [dataDir, file]);

/** Requests per second of GET url, after a short warm-up. */
export async function requestsPerSecond(url, { seconds = 5, connections = 20 } = {}) {
  await autocannon({ url, connections, duration: 1 });
  const result = await autocannon({ url, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** A US shipping address as the tests use (bench/ runs the built code and cannot import test/). */
export const SAMPLE_ADDRESS = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  line2: '',
  city: 'Boston',
  state: 'MA',
  postalCode: '02116',
  country: 'US',
  phone: '(617) 555-0100',
};
