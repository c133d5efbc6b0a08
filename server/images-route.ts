import { mkdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * Product images and lots' COA PDFs from the local images folder. File names are random and never
 * reused, so they cache for a year; nothing served may run script (SVGs are sandboxed). A PDF opens
 * in the browser (inline), typed by its name, never sniffed (the security headers add nosniff).
 */
export function imagesRoute(dir: string) {
  mkdirSync(dir, { recursive: true });
  return new Hono()
    .use('*', async (c, next) => {
      await next();
      // Chromium's PDF viewer opens a COA under this policy too (checked with Debian's Chromium).
      c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (c.res.headers.get('content-type') === 'application/pdf') c.header('content-disposition', 'inline');
    })
    .use(
      '*',
      serveStatic({
        root: dir,
        rewriteRequestPath: (path) => path.replace(/^\/images/, ''),
        onFound: (_path, c) => {
          c.header('cache-control', 'public, max-age=31536000, immutable');
        },
      }),
    )
    .get('*', (c) => c.text('Not found', 404));
}
