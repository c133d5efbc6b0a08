import type { CataloguePage, CatalogueQuery } from './catalogue-listing.js';
import { catalogueSearchParams } from './catalogue-query.js';
import { COMPANY_NAME, STORE_DISPLAY_NAME, SUPPORT_EMAIL } from './constants.js';
import type { Product } from './product.js';
import { isVariantBuyable, variantTitle } from './variant.js';

/** The tab title of a page: "<title> · <store name>", or the store's own title for the home page. */
export const documentTitle = (title: string | null): string =>
  title ? `${title} · ${STORE_DISPLAY_NAME}` : `${STORE_DISPLAY_NAME} — research peptides`;

const SHOP_DESCRIPTION =
  'Helix Peptides: high-purity research peptides with a certificate of analysis for every lot. For research use only.';

/** The public pages whose metadata the server writes, with what each was shown. */
export type PublicPage =
  | { kind: 'home' }
  | { kind: 'store'; query: CatalogueQuery; listing: CataloguePage }
  | { kind: 'product'; product: Product }
  | { kind: 'verify' }
  | { kind: 'contact' }
  | { kind: 'terms' }
  | { kind: 'not-found'; title: string };

export interface PageMetadata {
  title: string;
  description: string;
  /** Absolute; null for a page that should not be indexed. */
  canonical: string | null;
  noindex: boolean;
  ogType: 'website' | 'product';
  /** Absolute image URL for link previews, or null. */
  image: string | null;
  /** product:price:amount and currency, for a product. */
  price: { amount: string; currency: string } | null;
  /** JSON-LD objects, one script each. */
  structuredData: object[];
}

const CURRENCY = 'USD';
const DESCRIPTION_MAX = 200;

const absolute = (origin: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** Plain text of a (rich-text) description, shortened at a word for a meta description. */
function plainSummary(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2))}…`;
}

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;
const categoryPath = (category: string) => `/store?category=${encodeURIComponent(category)}`;
const money = (price: number) => price.toFixed(2);

function productData(origin: string, p: Product, description: string): object[] {
  const url = origin + productPath(p.id);
  const images = [p.imgUrl, ...p.images].filter(Boolean).map((u) => absolute(origin, u));
  const offers = p.variants.map((v) => ({
    '@type': 'Offer',
    url,
    price: money(v.price),
    priceCurrency: CURRENCY,
    availability:
      p.available && isVariantBuyable(v) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    ...(v.sku ? { sku: v.sku } : {}),
    ...(variantTitle(v) ? { name: variantTitle(v) } : {}),
  }));
  const crumbs = [
    { name: 'Home', url: `${origin}/` },
    { name: 'Store', url: `${origin}/store` },
    ...(p.category.trim()
      ? [{ name: p.category.trim(), url: origin + categoryPath(p.category.trim()) }]
      : []),
    { name: p.name, url },
  ];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      description,
      url,
      ...(images.length ? { image: [...new Set(images)] } : {}),
      ...(p.brand.trim() ? { brand: { '@type': 'Brand', name: p.brand.trim() } } : {}),
      ...(p.category.trim() ? { category: p.category.trim() } : {}),
      ...(p.variants.length === 1 && p.variants[0]!.sku ? { sku: p.variants[0]!.sku } : {}),
      offers,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: c.url,
      })),
    },
  ];
}

function homeData(origin: string): object[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: STORE_DISPLAY_NAME,
      legalName: COMPANY_NAME,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      email: SUPPORT_EMAIL,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: STORE_DISPLAY_NAME,
      url: `${origin}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/store?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

const base = (title: string | null, description: string, canonical: string | null): PageMetadata => ({
  title: documentTitle(title),
  description,
  canonical,
  noindex: canonical === null,
  ogType: 'website',
  image: null,
  price: null,
  structuredData: [],
});

/**
 * Everything a page tells search engines and link previews, decided here only. `origin` is the
 * shop's public address (no trailing slash).
 */
export function pageMetadata(origin: string, page: PublicPage): PageMetadata {
  switch (page.kind) {
    case 'home':
      return { ...base(null, SHOP_DESCRIPTION, `${origin}/`), structuredData: homeData(origin) };
    case 'store': {
      const { query, listing } = page;
      const search = new URLSearchParams(catalogueSearchParams(query)).toString();
      const title = query.q ? `Search: ${query.q}` : 'Store';
      const scope = query.category ? `${query.category} research peptides` : 'Research peptides';
      const description = `${scope} from ${STORE_DISPLAY_NAME}: ${listing.total} products, each lot tested with a certificate of analysis.`;
      const first = (listing.page - 1) * listing.perPage;
      return {
        ...base(title, description, `${origin}/store${search ? `?${search}` : ''}`),
        structuredData: [
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            numberOfItems: listing.total,
            itemListElement: listing.products.map((p, i) => ({
              '@type': 'ListItem',
              position: first + i + 1,
              name: p.name,
              url: origin + productPath(p.id),
            })),
          },
        ],
      };
    }
    case 'product': {
      const p = page.product;
      const description =
        plainSummary(p.description) || `${p.name}, a research peptide from ${STORE_DISPLAY_NAME}.`;
      return {
        ...base(p.name, description, origin + productPath(p.id)),
        ogType: 'product',
        image: p.imgUrl ? absolute(origin, p.imgUrl) : null,
        price: { amount: money(p.price), currency: CURRENCY },
        structuredData: productData(origin, p, description),
      };
    }
    case 'verify':
      return base(
        'Verify a lot',
        'Check a lot number of Helix Peptides against its certificate of analysis: purity, test date and laboratory.',
        `${origin}/verify`,
      );
    case 'contact':
      return base(
        'Contact',
        `Questions about an order or a product? Write to ${STORE_DISPLAY_NAME}.`,
        `${origin}/contact`,
      );
    case 'terms':
      return base(
        'Terms of Service',
        `The terms of sale of ${STORE_DISPLAY_NAME}: research use only, orders, shipping and cancellation.`,
        `${origin}/terms-of-service`,
      );
    case 'not-found':
      return base(page.title, SHOP_DESCRIPTION, null);
  }
}

const escapeAttr = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[ch]};`);

/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The head elements of a page's metadata, as HTML. */
export function metadataHead(meta: PageMetadata): string {
  const tag = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeAttr(content)}" />`;
  const tags = [`<title>${escapeAttr(meta.title)}</title>`, tag('name', 'description', meta.description)];
  if (meta.noindex) tags.push(tag('name', 'robots', 'noindex'));
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeAttr(meta.canonical)}" />`);
  tags.push(
    tag('property', 'og:site_name', STORE_DISPLAY_NAME),
    tag('property', 'og:type', meta.ogType),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
  );
  if (meta.canonical) tags.push(tag('property', 'og:url', meta.canonical));
  if (meta.image) tags.push(tag('property', 'og:image', meta.image));
  if (meta.price)
    tags.push(
      tag('property', 'product:price:amount', meta.price.amount),
      tag('property', 'product:price:currency', meta.price.currency),
    );
  tags.push(
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
  );
  if (meta.image) tags.push(tag('name', 'twitter:image', meta.image));
  for (const data of meta.structuredData)
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
