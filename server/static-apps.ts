import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const HASHED_ASSET = /\/assets\//;

/**
 * Serves one built single-page app: files as they are, in the .br/.gz the build wrote beside them
 * when the client accepts one (hashed assets cached for a year, anything else revalidated), and
 * index.html for any other path so client-side routes survive a reload.
 */
export function staticApp(distDir: string, mountPath: string) {
  const indexFile = join(distDir, 'index.html');
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
            HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      }),
    )
    .get('*', async (c) => {
      if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
      // Read on each request (it is small): one kept from start-up would name the assets a rebuild removed.
      const index = await readFile(indexFile, 'utf8').catch(() => null);
      if (!index) return c.text('This app has not been built; run npm run build', 503);
      c.header('cache-control', 'no-cache');
      return c.html(index, 200);
    });
}
