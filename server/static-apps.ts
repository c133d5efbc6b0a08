import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const HASHED_ASSET = /\/assets\//;

/**
 * Serves one built single-page app: files as they are (hashed assets cached for a year), and
 * index.html for any other path so client-side routes survive a reload.
 */
export function staticApp(distDir: string, mountPath: string) {
  const indexFile = join(distDir, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const prefix = mountPath === '/' ? '' : mountPath;
  return new Hono()
    .use(
      '*',
      serveStatic({
        root: distDir,
        precompressed: true,
        rewriteRequestPath: (path) => path.slice(prefix.length) || '/',
        onFound: (path, c) => {
          c.header(
            'cache-control',
            HASHED_ASSET.test(path)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
          );
        },
      }),
    )
    .get('*', (c) => {
      if (!index) return c.text('This app has not been built; run npm run build', 503);
      if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
      c.header('cache-control', 'no-cache');
      return c.html(index, 200);
    });
}
