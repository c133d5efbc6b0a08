import { Hono } from 'hono';
import type { CatalogueIndex } from '../shared/backend/catalogue/catalogue-index.js';
import type { SitemapEntry } from '../shared/backend/catalogue/catalogue-state.js';
import type { ShopConfig } from '../shared/backend/config.js';
import { CRAWLER_EXCLUDED_PATHS, PUBLIC_INFO_PATHS } from '../shared/domain/storefront-paths.js';
import { publicOrigin } from './public-origin.js';

/**
 * The sitemap protocol's limit per file; a larger shop gets a sitemap index of files this size.
 * @internal
 */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** URLs written per chunk of the streamed sitemap, so 100k products never block the event loop long. */
const URLS_PER_CHUNK = 2_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[ch]};`);

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface SitemapUrl {
  path: string;
  updatedMs: number | null;
}

/** Every URL of the sitemap in order: the info pages, the categories, then every available product. */
function sitemapUrls(sitemap: Awaited<ReturnType<CatalogueIndex['sitemap']>>) {
  const count = PUBLIC_INFO_PATHS.length + sitemap.categories.length + sitemap.products.length;
  const at = (i: number): SitemapUrl => {
    if (i < PUBLIC_INFO_PATHS.length) return { path: PUBLIC_INFO_PATHS[i]!, updatedMs: null };
    i -= PUBLIC_INFO_PATHS.length;
    const entry: SitemapEntry =
      i < sitemap.categories.length
        ? sitemap.categories[i]!
        : sitemap.products[i - sitemap.categories.length]!;
    const path =
      i < sitemap.categories.length
        ? `/store?category=${encodeURIComponent(entry.id)}`
        : `/products/${encodeURIComponent(entry.id)}`;
    return { path, updatedMs: entry.updatedMs };
  };
  return { count, at };
}

/** A body written a chunk at a time as the client reads it. */
function chunkedXml(head: string, count: number, line: (i: number) => string, tail: string) {
  const encoder = new TextEncoder();
  let next = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = started ? '' : head;
      started = true;
      const end = Math.min(count, next + URLS_PER_CHUNK);
      for (; next < end; next++) text += line(next);
      if (next >= count) text += tail;
      controller.enqueue(encoder.encode(text));
      if (next >= count) controller.close();
    },
  });
}

const xmlResponse = (body: ReadableStream<Uint8Array> | string) =>
  new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' },
  });

/**
 * What crawlers ask a shop for: robots.txt, the sitemap (streamed from the catalogue index; a
 * sitemap index over files of SITEMAP_URLS_PER_FILE when the shop has more URLs) and the favicon at
 * the address browsers try first.
 */
export function crawlerRoutes(config: ShopConfig, catalogue: CatalogueIndex) {
  const urlLine = (origin: string, { path, updatedMs }: SitemapUrl) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${updatedMs === null ? '' : `<lastmod>${isoDate(updatedMs)}</lastmod>`}</url>\n`;

  return new Hono()
    .get('/robots.txt', (c) => {
      const origin = publicOrigin(config, c);
      c.header('cache-control', 'no-cache');
      return c.text(
        [
          'User-agent: *',
          ...CRAWLER_EXCLUDED_PATHS.map((path) => `Disallow: ${path}`),
          '',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    })
    .get('/favicon.ico', (c) => c.redirect('/favicon.svg', 301))
    .get('/sitemap.xml', async (c) => {
      const origin = publicOrigin(config, c);
      const urls = sitemapUrls(await catalogue.sitemap());
      if (urls.count <= SITEMAP_URLS_PER_FILE)
        return xmlResponse(
          chunkedXml(
            `${XML_HEAD}<urlset ${SITEMAP_NS}>\n`,
            urls.count,
            (i) => urlLine(origin, urls.at(i)),
            '</urlset>\n',
          ),
        );
      const files = Math.ceil(urls.count / SITEMAP_URLS_PER_FILE);
      let index = `${XML_HEAD}<sitemapindex ${SITEMAP_NS}>\n`;
      for (let file = 1; file <= files; file++)
        index += `<sitemap><loc>${escapeXml(`${origin}/sitemap-${file}.xml`)}</loc></sitemap>\n`;
      return xmlResponse(`${index}</sitemapindex>\n`);
    })
    .get('/:file{sitemap-[0-9]+\\.xml}', async (c) => {
      const origin = publicOrigin(config, c);
      const file = Number(c.req.param('file').slice('sitemap-'.length, -'.xml'.length));
      const urls = sitemapUrls(await catalogue.sitemap());
      const start = (file - 1) * SITEMAP_URLS_PER_FILE;
      if (file < 1 || start >= urls.count || urls.count <= SITEMAP_URLS_PER_FILE) return c.notFound();
      const count = Math.min(SITEMAP_URLS_PER_FILE, urls.count - start);
      return xmlResponse(
        chunkedXml(
          `${XML_HEAD}<urlset ${SITEMAP_NS}>\n`,
          count,
          (i) => urlLine(origin, urls.at(start + i)),
          '</urlset>\n',
        ),
      );
    });
}
