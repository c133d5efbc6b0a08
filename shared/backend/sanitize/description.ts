import sanitizeHtml from 'sanitize-html';
import { isLoopbackHost } from '../../domain/loopback-host.js';

/**
 * What a product description may hold: the structure real catalogues use (headings, lists, tables,
 * links, figures and images) and nothing that runs or reaches out unasked. Scripts, frames, forms,
 * event handlers, `style` beyond text alignment, and links or images with other schemes are removed
 * whatever the client or file sends.
 */
const ALLOWED_TAGS = [
  ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'pre', 'code'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ...['a', 'img', 'figure', 'figcaption'],
];
const TEXT_ALIGN = { 'text-align': [/^(left|right|center|justify)$/] };
const ALIGNABLE = ['p', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'td', 'li', 'figure'];

const BY_TAG: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  abbr: ['title'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  ol: ['start', 'type'],
};
const ALLOWED_ATTRIBUTES: Record<string, string[]> = Object.fromEntries(
  [...new Set([...Object.keys(BY_TAG), ...ALIGNABLE])].map((tag) => [
    tag,
    [...(BY_TAG[tag] ?? []), ...(ALIGNABLE.includes(tag) ? ['style'] : [])],
  ]),
);

/** The shop's own stored images, by path. */
const OWN_IMAGE_PATH = /^\/images\/[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** Images load from https or the shop's own store (plain http only from this machine, as product images). */
function isAllowedImageSource(src: string): boolean {
  if (OWN_IMAGE_PATH.test(src) && !src.includes('..')) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}

/** A description after sanitising, and what was taken out, in words an operator understands. */
export interface SanitizedDescription {
  html: string;
  removed: string[];
}

/** The first few characters of a value, for a report line. */
const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

export function sanitizeDescriptionReport(html: string): SanitizedDescription {
  const removed = new Set<string>();
  const result = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedStyles: { '*': TEXT_ALIGN },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Whatever a script, style or frame holds is dropped with it, never shown as text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'title'],
    onOpenTag: (name, attribs) => {
      if (!ALLOWED_TAGS.includes(name)) {
        removed.add(`<${name}> element`);
        return;
      }
      const allowed = ALLOWED_ATTRIBUTES[name] ?? [];
      for (const attribute of Object.keys(attribs)) {
        if (!allowed.includes(attribute)) removed.add(`${attribute} attribute on <${name}>`);
      }
      if (
        attribs.style &&
        allowed.includes('style') &&
        !/^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i.test(attribs.style)
      )
        removed.add(`style on <${name}> other than text-align (${shorten(attribs.style)})`);
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src ?? '';
      if (isAllowedImageSource(src)) return false;
      removed.add(
        src ? `image from ${shorten(src)} (only https or the shop's own images)` : '<img> without a source',
      );
      return true;
    },
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        if (href && !/^(https?:|mailto:|\/|#)/i.test(href.trim()))
          removed.add(`link to ${shorten(href)} (only http, https and mailto)`);
        return {
          tagName,
          attribs: {
            ...attribs,
            rel: 'noopener noreferrer nofollow',
            ...(attribs.target ? { target: '_blank' } : {}),
          },
        };
      },
    },
  });
  return { html: result.trim(), removed: [...removed] };
}

export function sanitizeDescription(html: string): string {
  return sanitizeDescriptionReport(html).html;
}
