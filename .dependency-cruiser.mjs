// The layers of DESIGN.md's Layout table, and no import cycles. `npm run lint` runs it.
const folder = (name) => `^${name}/`;
const inRepo = [
  '^shared/',
  '^server/',
  '^cli/',
  '^web/',
  '^admin-web/',
  '^bin/',
  '^bench/',
  '^scripts/',
  '^test/',
];

/** A rule forbidding `from` to import any repository folder other than `allowed` (packages stay allowed). */
function onlyImports(name, from, allowed, comment, extra = {}) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: inRepo, pathNot: allowed, ...extra },
  };
}

const browser = ['^web/', '^admin-web/', folder('shared/web')];
const browserMayImport = [...browser, folder('shared/domain'), folder('shared/api')];
/** The module exporting the routes' type (ApiType), which Hono's typed client is typed by. */
const serverRoutes = '^server/api\\.ts$';

export default {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'Modules that import each other cannot be understood or changed one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-only-zod',
      comment:
        'shared/domain is pure logic that runs everywhere: nothing but zod and libphonenumber-js (phone numbers).',
      severity: 'error',
      from: { path: folder('shared/domain') },
      // node_modules may be a link to a shared install, so zod can resolve outside the repository.
      to: { pathNot: [folder('shared/domain'), '(^|/)node_modules/(zod|libphonenumber-js)/'] },
    },
    onlyImports(
      'api-imports-only-domain',
      folder('shared/api'),
      [folder('shared/api'), folder('shared/domain')],
      'shared/api is the HTTP contract, shared with the browser: it may use shared/domain only.',
      { dependencyTypesNot: ['type-only'] },
    ),
    onlyImports(
      'api-types-only-from-server-routes',
      folder('shared/api'),
      [folder('shared/api'), folder('shared/domain'), serverRoutes],
      "Beyond shared/domain, the typed client may import only the server's route type (ApiType), and only " +
        'as an `import type`.',
      { dependencyTypes: ['type-only'] },
    ),
    onlyImports(
      'backend-imports-only-domain',
      folder('shared/backend'),
      [folder('shared/backend'), folder('shared/domain')],
      'shared/backend is the Node-only store, images and auth: it may use shared/domain and packages only.',
    ),
    onlyImports(
      'server-imports-only-shared',
      folder('server'),
      [folder('server'), folder('shared')],
      'The server is built on shared/* only.',
    ),
    onlyImports(
      'cli-imports-only-shared',
      folder('cli'),
      [folder('cli'), folder('shared')],
      'The CLI is built on shared/* only.',
    ),
    {
      name: 'cli-registration-loads-commands-lazily',
      comment:
        "A command group's register.ts declares its commands (options, help, examples) and imports their " +
        'modules only with import() when one runs, so `shop --help` loads nothing but commander.',
      severity: 'error',
      from: { path: '^cli/commands/[^/]+/register\\.ts$' },
      to: {
        path: '^cli/',
        pathNot: ['^cli/commander\\.ts$', '^cli/commands/group\\.ts$'],
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    onlyImports(
      'browser-never-imports-node-code',
      browser,
      browserMayImport,
      'The browser apps use shared/domain, shared/api and shared/web only.',
      { dependencyTypesNot: ['type-only'] },
    ),
    onlyImports(
      'browser-types-only-from-server-routes',
      browser,
      [...browserMayImport, serverRoutes],
      "Beyond its own layers, the browser may import only the server's route type (ApiType, for Hono's " +
        'typed client), and only as an `import type`.',
      { dependencyTypes: ['type-only'] },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
