#!/usr/bin/env node
// The suite's time as a figure: runs vitest (the projects of `npm test` unless other arguments are given,
// e.g. `npm run test:time -- --project slow`), then prints its wall time and the ten slowest files.
// `--from report.json` reads an earlier `vitest --reporter=json` report instead of running.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SLOWEST = 10;

/** Runs vitest with the JSON reporter beside the default one; its report, exit code and wall time. */
async function runVitest(args) {
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'suite-time-'));
  const report = join(dir, 'report.json');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit' },
  );
  const [code] = await once(child, 'exit');
  const wallMs = performance.now() - started;
  try {
    return { results: JSON.parse(readFileSync(report, 'utf8')), code: code ?? 1, wallMs };
  } catch (error) {
    console.error(`suite-time: vitest wrote no report (${error.message})`);
    return { results: undefined, code: code || 1, wallMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A report's files with their durations, slowest first. */
function fileDurations(results) {
  return results.testResults
    .map((file) => ({ file: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function print(results, wallMs) {
  const files = fileDurations(results);
  const summary = `${files.length} files, ${results.numTotalTests} tests, ${results.numFailedTests} failed`;
  console.log(`\nsuite wall time: ${seconds(wallMs)} (${summary})`);
  console.log(`slowest ${Math.min(SLOWEST, files.length)} files:`);
  for (const { file, ms } of files.slice(0, SLOWEST)) console.log(`${seconds(ms).padStart(9)}  ${file}`);
}

const args = process.argv.slice(2);
const from = args.indexOf('--from');
if (from >= 0) {
  const file = args[from + 1];
  if (!file) {
    console.error('suite-time: --from needs the path of a vitest JSON report');
    process.exit(2);
  }
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const ends = results.testResults.map((f) => f.endTime);
  print(results, Math.max(results.startTime, ...ends) - results.startTime);
} else {
  const { results, code, wallMs } = await runVitest(
    args.length > 0 ? args : ['--project', 'fast', '--project', 'integration'],
  );
  if (results) print(results, wallMs);
  else console.log(`\nsuite wall time: ${seconds(wallMs)} (no report)`);
  process.exitCode = code;
}
