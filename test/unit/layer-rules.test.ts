import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../shared/backend/paths.js';

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

/** The shop's own dependency-cruiser rules run over a small tree of files laid out as the shop's folders. */
async function cruise(files: Record<string, string>) {
  tree = mkdtempSync(join(tmpdir(), 'shop-layers-'));
  const all = {
    'tsconfig.test.json': JSON.stringify({
      compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' },
    }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  symlinkSync(join(packageRoot(), 'node_modules'), join(tree, 'node_modules'));
  const result = await execa(
    join(packageRoot(), 'node_modules', '.bin', 'depcruise'),
    [
      '--config',
      join(packageRoot(), '.dependency-cruiser.mjs'),
      'shared',
      'server',
      'cli',
      'web',
      'admin-web',
    ],
    { cwd: tree, reject: false },
  );
  return {
    output: result.stdout + result.stderr,
    exitCode: result.exitCode,
    broken: [...result.stdout.matchAll(/error ([a-z-]+): (\S+) →/g)]
      .map(([, rule, from]) => `${rule} ${from}`)
      .sort(),
  };
}

const layered = {
  'shared/domain/money.ts': "import { z } from 'zod';\nexport const cents = z.number();\n",
  'shared/api/types.ts':
    "import type { cents } from '../domain/money.js';\nexport type Cents = typeof cents;\n",
  'shared/backend/config.ts':
    "import { cents } from '../domain/money.js';\nexport const config = { cents };\n",
  'server/api.ts':
    "import { config } from '../shared/backend/config.js';\nexport const api = config;\nexport type ApiType = typeof api;\n",
  'shared/api/client.ts':
    "import type { ApiType } from '../../server/api.js';\nexport type Routes = ApiType;\n",
  'admin-web/src/main.ts':
    "import type { Cents } from '../../shared/api/types.js';\nexport type Price = Cents;\n",
  'web/src/main.ts':
    "import type { Cents } from '../../shared/api/types.js';\nimport type { ApiType } from '../../server/api.js';\nexport type Both = [Cents, ApiType];\n",
  'cli/commander.ts': 'export const Command = class {};\n',
  'cli/commands/group.ts':
    "import type { Command } from '../commander.js';\nexport type Group = (c: typeof Command) => void;\n",
  'cli/commands/seed/seed.ts':
    "import { config } from '../../../shared/backend/config.js';\nexport const seed = config;\n",
  'cli/commands/seed/register.ts':
    "import { Command } from '../../commander.js';\nimport type { Group } from '../group.js';\nimport type { seed } from './seed.js';\n" +
    "export const seedGroup: Group = () => [Command, import('./seed.js')];\nexport type S = typeof seed;\n",
};

// Each test spawns dependency-cruiser over a tree of files: seconds each on a busy machine.
describe('npm run lint layer rules (.dependency-cruiser.mjs)', { timeout: 30_000 }, () => {
  it('pass a tree that follows the layers, the browser importing the server route type as a type', async () => {
    const { exitCode, broken, output } = await cruise(layered);
    expect(broken).toEqual([]);
    expect(exitCode, output).toBe(0);
  });

  it('fail a browser app importing shared/backend, or server code other than the route type even as a type', async () => {
    const { exitCode, broken } = await cruise({
      ...layered,
      'web/src/config.ts':
        "import { config } from '../../shared/backend/config.js';\nexport const c = config;\n",
      'admin-web/src/types.ts':
        "import type { config } from '../../shared/backend/config.js';\nexport type C = typeof config;\n",
    });
    expect(exitCode).not.toBe(0);
    expect(broken).toEqual([
      'browser-never-imports-node-code web/src/config.ts',
      'browser-types-only-from-server-routes admin-web/src/types.ts',
    ]);
  });

  it('fail an import cycle, shared/domain importing node:, and shared/backend importing shared/api', async () => {
    const { exitCode, broken } = await cruise({
      ...layered,
      'shared/domain/cart.ts':
        "import { readFileSync } from 'node:fs';\nimport { total } from './total.js';\nexport const cart = () => [total, readFileSync];\n",
      'shared/domain/total.ts': "import { cart } from './cart.js';\nexport const total = () => cart;\n",
      'shared/backend/mail.ts': "import type { Cents } from '../api/types.js';\nexport type M = Cents;\n",
    });
    expect(exitCode).not.toBe(0);
    expect(broken).toEqual([
      'backend-imports-only-domain shared/backend/mail.ts',
      'domain-imports-only-zod shared/domain/cart.ts',
      'no-cycle shared/domain/cart.ts',
    ]);
  });

  it("fail a command group's register.ts importing a command module (or other CLI code) other than by import()", async () => {
    const { exitCode, broken } = await cruise({
      ...layered,
      'cli/commands/seed/register.ts':
        "import { seed } from './seed.js';\nimport { Command } from '../../commander.js';\nexport const seedGroup = () => [Command, seed];\n",
    });
    expect(exitCode).not.toBe(0);
    expect(broken).toEqual(['cli-registration-loads-commands-lazily cli/commands/seed/register.ts']);
  });
});
