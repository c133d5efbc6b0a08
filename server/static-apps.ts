import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const HASHED_ASSET = /\/assets\//;

/** Whether a path not naming a file is one of the app's pages (200) or not (404); every path is when absent. */
export type PageStatus = (path: string) => Promise<200 | 404>;

const NOINDEX = '<meta name="robots" content="noindex" />';

/**
 * Serves one built single-page app: files as they are, in the .br/.gz the build wrote beside them
 * when the client accepts one (hashed assets cached for a year, anything else revalidated), and
 * index.html for any other path so client-side routes survive a reload; for a path `pageStatus`
 * says is no page, with status 404 and a noindex tag (the app then shows its own not-found screen).
 */
export function staticApp(distDir: string, mountPath: string, pageStatus?: PageStatus) {
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
      const status = pageStatus ? await pageStatus(c.req.path) : 200;
      if (status === 404) return c.html(index.replace('</head>', `${NOINDEX}</head>`), 404);
      return c.html(index, 200);
    });
}
