import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * The project folder, found from this file whether it runs from source (tests) or from dist/.
 * @internal
 */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'peptide-shop') {
      root = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the peptide-shop package folder');
    dir = parent;
  }
}

export function builtApps() {
  const dist = join(packageRoot(), 'dist');
  return { storefront: join(dist, 'web'), renderer: join(dist, 'web-ssr'), admin: join(dist, 'admin') };
}
