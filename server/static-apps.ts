import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';

const HASHED_ASSET = /\/assets\//;
const FILE_PATH = /\.[a-z0-9]+$/i;

/** How a page of the app is answered: its status and, when not null, the head elements it has of its own. */
export interface PageAnswer {
  status: 200 | 404;
  head: string | null;
}

/** index.html's own title and description, which a page's head replaces. */
const DEFAULT_HEAD = /\s*<title>[^<]*<\/title>|\s*<meta name="description"[^>]*>/g;

/**
 * Serves one built single-page app: files as they are, in the .br/.gz the build wrote beside them
 * when the client accepts one (hashed assets cached for a year, anything else revalidated), and
 * index.html for any other path so client-side routes survive a reload, with the status and head
 * elements `page` gives it (a 404 still loads the app, which shows its own not-found screen).
 */
export function staticApp(distDir: string, mountPath: string, page?: (c: Context) => Promise<PageAnswer>) {
  const indexFile = join(distDir, 'index.html');
  const prefix = mountPath === '/' ? '' : mountPath;
  const files = serveStatic({
    root: distDir,
    precompressed: true,
    rewriteRequestPath: (path) => path.slice(prefix.length) || '/',
    onFound: (path, c) => {
      c.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (
    new Hono()
      // Only a path naming a file is one: the app's root is a page like any other, not index.html as it is.
      .use('*', (c, next) => (FILE_PATH.test(c.req.path) ? files(c, next) : next()))
      .get('*', async (c) => {
        if (FILE_PATH.test(c.req.path)) return c.text('Not found', 404);
        // Read on each request (it is small): one kept from start-up would name the assets a rebuild removed.
        const index = await readFile(indexFile, 'utf8').catch(() => null);
        if (!index) return c.text('This app has not been built; run npm run build', 503);
        c.header('cache-control', 'no-cache');
        const answer = page ? await page(c) : { status: 200 as const, head: null };
        if (!answer.head) return c.html(index, answer.status);
        const head = answer.head;
        return c.html(
          index.replace(DEFAULT_HEAD, '').replace('</head>', () => `  ${head}\n  </head>`),
          answer.status,
        );
      })
  );
}
