import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { RenderedPage, RenderPage, RenderRequest } from '../shared/api/page-render.js';

/**
 * Marks the API reads a page render makes in-process (Hono's env of the request). A symbol no request
 * from the network can carry, so those reads alone skip App Check: they come from the shop itself.
 */
const SERVER_RENDER = Symbol('server render');

export const isServerRender = (c: Context): boolean =>
  (c.env as Record<symbol, unknown> | undefined)?.[SERVER_RENDER] === true;

/** The client whose page request a render's API read serves, so per-client limits count it as theirs. */
const RENDERED_FOR = Symbol('rendered for');

export const renderedFor = (c: Context): string | undefined => {
  const client = (c.env as Record<symbol, unknown> | undefined)?.[RENDERED_FOR];
  return typeof client === 'string' ? client : undefined;
};

type AppFetch = (
  input: string | URL | Request,
  init: RequestInit | undefined,
  env: object,
) => Response | Promise<Response>;

/** Renders a storefront page for this URL, or answers null when the browser draws it (or rendering failed). */
export type PageContent = (url: string, client: string) => Promise<RenderedPage | null>;

/**
 * The storefront's server renderer, built by Vite into `dir` (dist/web-ssr), loaded on first use. Its
 * API reads go to `appFetch` in-process. Without a build, or when a render fails, pages are answered
 * as before React rendered them: the browser draws them.
 */
export function serverRenderer(dir: string | undefined, appFetch: AppFetch): PageContent {
  const entry = dir ? join(dir, 'entry-server.js') : null;
  let renderer: Promise<RenderPage | null> | undefined;
  const load = () => {
    renderer ??=
      entry && existsSync(entry)
        ? import(pathToFileURL(entry).href).then((module: { renderPage: RenderPage }) => module.renderPage)
        : Promise.resolve(null);
    return renderer;
  };
  return async (url, client) => {
    const render = await load();
    if (!render) return null;
    const fetch: RenderRequest['fetch'] = async (input, init) =>
      appFetch(input, init, { [SERVER_RENDER]: true, [RENDERED_FOR]: client });
    try {
      return await render({ url, fetch });
    } catch (error) {
      console.error(`Server rendering ${new URL(url).pathname} failed; the browser draws it:`, error);
      return null;
    }
  };
}
