import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createApiClient } from '../../shared/api/client.js';
import type { RenderPage } from '../../shared/api/page-render.js';
import { ByteBudgetCache } from '../../shared/domain/byte-budget-cache.js';
import { App, StorefrontRoutes } from './app.js';
import { publicPage } from './page-data/public-pages.js';
import type { Resource } from './page-data/resources.js';
import { pageDataElement, pageDataKey } from './page-data/server-data.js';

const RENDERED_BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Pages already rendered, by address and the data they were rendered with (and the year the footer
 * shows): the same data gives the same HTML, so a page is rendered again only when its data changed.
 */
const rendered = new ByteBudgetCache<{ html: Uint8Array; bytes: number }>(
  RENDERED_BUDGET_BYTES,
  (e) => e.bytes,
);

/** A resource as the page gets it; one the server cannot read now is left for the browser to read. */
async function loadForPage({ key, load }: Resource) {
  try {
    return [pageDataKey(key), await load()] as const;
  } catch (error) {
    console.error('Reading', key, 'for a page failed; the browser will read it:', error);
    return null;
  }
}

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

/**
 * Renders a public page on the server: loads what the page reads (through the API, in-process), then
 * streams React's HTML once every part is ready. Waiting for all of it keeps the HTML whole for
 * crawlers and free of React's inline reveal scripts, which the CSP (script-src 'self') would block.
 */
export const renderPage: RenderPage = async ({ url, fetch }) => {
  const address = new URL(url);
  const api = createApiClient({ baseUrl: address.origin, fetch });
  const page = publicPage(api, address.pathname, address.searchParams);
  if (!page) return null;
  const [, ...loaded] = await Promise.all([page.preload(), ...page.resources.map(loadForPage)]);
  const complete = loaded.every((entry) => entry !== null);
  const data = Object.fromEntries(loaded.filter((entry) => entry !== null));
  const dataJson = JSON.stringify(data);
  const location = address.pathname + address.search;
  const cacheKey = `${location}\n${new Date().getUTCFullYear()}\n${dataJson}`;
  const hit = rendered.get(cacheKey);
  if (hit) return { html: streamOf(hit.html), data: pageDataElement(dataJson) };

  let failed = !complete;
  const stream = await renderToReadableStream(
    <StrictMode>
      <App pageData={data}>
        <StaticRouter location={location}>
          <StorefrontRoutes />
        </StaticRouter>
      </App>
    </StrictMode>,
    {
      onError: (error) => {
        failed = true;
        console.error('Rendering', location, 'failed:', error);
      },
      // Every part is inline where it belongs: React would otherwise move large parts out of place, to
      // be put back by an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  await stream.allReady;
  if (failed) return { html: stream, data: pageDataElement(dataJson) };
  const [html, copy] = stream.tee();
  void new Response(copy).arrayBuffer().then((buffer) =>
    rendered.set(cacheKey, {
      html: new Uint8Array(buffer),
      bytes: buffer.byteLength + cacheKey.length * 2,
    }),
  );
  return { html, data: pageDataElement(dataJson) };
};
