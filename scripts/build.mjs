#!/usr/bin/env node
// Builds everything: Node code to dist/node (plain JS for bin/ and the server), both apps with Vite,
// and gzip/brotli copies of the apps' text assets. `--if-stale` skips the build when nothing changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompress } from './precompress.mjs';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');
const inputs = ['shared', 'server', 'cli', 'web', 'admin-web', 'package.json', 'package-lock.json'];
const configFiles = readdirSync(root).filter((f) => /^(tsconfig.*\.json|vite\..*\.ts)$/.test(f));

function newestMtime(path) {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return [...inputs, ...configFiles].some((p) => newestMtime(join(root, p)) > built);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Build step failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

const nodeOnly = process.argv.includes('--node-only');
if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);

const bin = (name) => join(root, 'node_modules', '.bin', name);
rmSync(join(root, 'dist', 'node'), { recursive: true, force: true });
rmSync(join(root, 'dist', '.tsbuildinfo-node'), { force: true });
run(bin('tsc'), ['-p', 'tsconfig.node.json']);
if (!nodeOnly) {
  run(bin('vite'), ['build', '--config', 'vite.web.config.ts', '--logLevel', 'warn']);
  run(bin('vite'), ['build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn']);
  run(bin('vite'), ['build', '--config', 'vite.admin.config.ts', '--logLevel', 'warn']);
  await precompress([join(root, 'dist', 'web'), join(root, 'dist', 'admin')]);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
