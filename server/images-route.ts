import { mkdirSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** Images may not run script; SVGs are sandboxed too. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * Chromium's PDF viewer refuses to open in a sandboxed document, so a COA gets no `sandbox`; it may
 * still load nothing from elsewhere, and only the shop's own pages may frame it.
 */
const PDF_CSP = "default-src 'none'; frame-ancestors 'self'";

/**
 * Product images and lots' COA PDFs from the local images folder. File names are random and never
 * reused, so they cache for a year. A PDF opens in the browser (inline), typed by its name, never
 * sniffed (the security headers add nosniff to every answer).
 */
export function imagesRoute(dir: string) {
  mkdirSync(dir, { recursive: true });
  return new Hono()
    .use('*', async (c, next) => {
      await next();
      const pdf = c.res.headers.get('content-type') === 'application/pdf';
      c.header('content-security-policy', pdf ? PDF_CSP : IMAGE_CSP);
      if (pdf) c.header('content-disposition', 'inline');
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
