import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import type { RenderedPage } from '../shared/api/page-render.js';

const HASHED_ASSET = /\/assets\//;
const FILE_PATH = /\.[a-z0-9]+$/i;

/**
 * How a page of the app is answered: its status, the head elements it has of its own (when not null)
 * and the content the server rendered for it (when not null; else the browser draws it).
 */
export interface PageAnswer {
  status: 200 | 404;
  head: string | null;
  content?: RenderedPage | null;
}

const ROOT_ELEMENT = '<div id="root"></div>';

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
  const readIndex = currentFile(indexFile);
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
        const index = await readIndex();
        if (!index) return c.text('This app has not been built; run npm run build', 503);
        c.header('cache-control', 'no-cache');
        const answer = page ? await page(c) : { status: 200 as const, head: null };
        if (!answer.head) return c.html(index, answer.status);
        const head = answer.head;
        const document = index.replace(DEFAULT_HEAD, '').replace('</head>', () => `  ${head}\n  </head>`);
        if (!answer.content) return c.html(document, answer.status);
        return c.body(withContent(document, answer.content), answer.status, {
          'content-type': 'text/html; charset=UTF-8',
        });
      })
  );
}

/** index.html with the rendered app streamed into its root element and the page's data after it. */
function withContent(document: string, { html, data }: RenderedPage): ReadableStream<Uint8Array> {
  const at = document.indexOf(ROOT_ELEMENT);
  const encoder = new TextEncoder();
  const before = encoder.encode(`${document.slice(0, at)}<div id="root">`);
  const after = encoder.encode(`</div>${data}${document.slice(at + ROOT_ELEMENT.length)}`);
  const reader = html.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(before);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (!done) return controller.enqueue(value);
      controller.enqueue(after);
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The file's text as it is now: read again whenever it changed on disk (a copy kept from start-up
 * would name the assets a rebuild removed); null while it does not exist.
 */
function currentFile(path: string): () => Promise<string | null> {
  let kept: { modified: number; text: string } | null = null;
  return async () => {
    const modified = (await stat(path).catch(() => null))?.mtimeMs;
    if (modified === undefined) return null;
    if (kept?.modified !== modified) kept = { modified, text: await readFile(path, 'utf8') };
    return kept.text;
  };
}
