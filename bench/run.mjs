#!/usr/bin/env node
// `npm run bench`: every figure is measured side by side with its baseline in this one run, so the
// ratios hold on a shared, noisy machine where absolute numbers do not.
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const dir = new URL('./figures/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const rows = [];
for (const file of files) {
  const { measure } = await import(new URL(file, dir).href);
  process.stderr.write(`measuring ${file}…\n`);
  for (const row of await measure()) rows.push(row);
}

const header = ['figure', 'ours', 'baseline', 'ratio', 'target', 'ok'];
const table = [
  header,
  ...rows.map((r) => [r.figure, r.ours, r.baseline, r.ratio, r.target, r.ok ? 'yes' : 'NO']),
];
const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
for (const [i, row] of table.entries()) {
  console.log(row.map((cell, j) => String(cell).padEnd(widths[j])).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
