#!/usr/bin/env node
// Builds what `firebase deploy` uploads (see firebase.json):
// - dist/hosting: the storefront's files at / and the admin app at /admin/ (Hosting compresses files
//   itself); the storefront's index.html goes with the function, which answers its pages;
// - dist/functions: the API function (server/function.js) with only the compiled files it reaches and a
//   package.json naming only the packages they import, plus functions.env as .env when present.
// `--out <dir>` puts hosting/ and functions/ there instead of in dist/ (the tests use it). The build
// itself is skipped when dist/ is already up to date, so that firebase.json can run this before
// Hosting and before Functions, each deployable alone, and a deploy of both still builds once.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const outAt = process.argv.indexOf('--out');
const out = outAt === -1 ? dist : resolve(process.argv[outAt + 1] ?? '');
if (outAt !== -1 && !process.argv[outAt + 1]) {
  console.error('build:deploy: --out needs a folder');
  process.exit(2);
}

const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const hosting = join(out, 'hosting');
rmSync(hosting, { recursive: true, force: true });
const notPrecompressed = (src) => !/\.(gz|br)$/.test(src);
// The storefront's index.html goes to the function instead, which answers every storefront page
// (status, metadata); left here, Hosting would send it for / itself.
const storefrontIndex = join(dist, 'web', 'index.html');
cpSync(join(dist, 'web'), hosting, {
  recursive: true,
  filter: (src) => notPrecompressed(src) && src !== storefrontIndex,
});
cpSync(join(dist, 'admin'), join(hosting, 'admin'), { recursive: true, filter: notPrecompressed });

// Walk the compiled code from the function's entry, following relative imports (static and dynamic).
const nodeDist = join(dist, 'node');
const entry = join(nodeDist, 'server', 'function.js');
const files = new Set();
const packages = new Set();
const queue = [entry];
// `from` as a keyword only, and a specifier without white space: text such as day('from') or
// "from's midnight" in compiled code is no import.
const IMPORT = /(?:(?<![\w$.'"])from\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"\s]+)['"]/g;
while (queue.length > 0) {
  const file = queue.pop();
  if (files.has(file)) continue;
  files.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
    else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) {
      const parts = specifier.split('/');
      packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
}
// firebase-admin loads these for Firestore and Storage; they are optional dependencies of it.
if (packages.has('firebase-admin'))
  for (const name of ['@google-cloud/firestore', '@google-cloud/storage']) packages.add(name);

const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const versions = { ...rootPackage.devDependencies, ...rootPackage.dependencies };
const dependencies = {};
for (const name of [...packages].sort()) {
  if (!versions[name]) {
    console.error(`build:deploy: the API imports ${name}, which package.json does not list`);
    process.exit(1);
  }
  dependencies[name] = versions[name];
}

const functions = join(out, 'functions');
rmSync(functions, { recursive: true, force: true });
for (const file of files) {
  const target = join(functions, relative(nodeDist, file));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(file, target);
}
/** The Node major of firebase.json's functions runtime (nodejs24 → 24): one place says which Node runs the API. */
function functionsNodeVersion() {
  const { functions: codebases } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  const runtime = [codebases].flat()[0]?.runtime ?? '';
  const major = /^nodejs(\d+)$/.exec(runtime)?.[1];
  if (!major) throw new Error(`build:deploy: firebase.json's functions runtime "${runtime}" is not nodejsNN`);
  return major;
}

writeFileSync(
  join(functions, 'package.json'),
  `${JSON.stringify(
    {
      name: `${rootPackage.name}-api`,
      version: rootPackage.version,
      private: true,
      type: 'module',
      main: 'server/function.js',
      engines: { node: functionsNodeVersion() },
      dependencies,
    },
    null,
    2,
  )}\n`,
);
mkdirSync(join(functions, 'storefront'), { recursive: true });
copyFileSync(storefrontIndex, join(functions, 'storefront', 'index.html'));
// The storefront's server renderer bundles its own packages: it adds none to the function's.
cpSync(join(dist, 'web-ssr'), join(functions, 'storefront', 'render'), { recursive: true });
const envFile = join(root, 'functions.env');
if (existsSync(envFile)) copyFileSync(envFile, join(functions, '.env'));

console.log(
  `Deploy build ready: ${relative(process.cwd(), hosting) || '.'} (apps), ${relative(process.cwd(), functions)} (${files.size} files; ${Object.keys(dependencies).join(', ')})` +
    (existsSync(envFile) ? ', with functions.env' : '; no functions.env found, see README'),
);
