import { mkdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/**
 * Product images from the local images folder. File names are random and never reused, so they
 * cache for a year; SVGs are sandboxed so an image can never run script.
 */
export function imagesRoute(dir: string) {
  mkdirSync(dir, { recursive: true });
  return new Hono()
    .use('*', async (c, next) => {
      await next();
      c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
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
