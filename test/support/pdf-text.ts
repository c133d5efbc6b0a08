import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, page by page, read from its content streams (pdfkit writes
 * text as hex strings in TJ arrays, split where it kerns): enough to check what a certificate says
 * without a PDF toolkit on the machine.
 */
export function pdfText(pdf: Uint8Array): { pages: number; text: string } {
  const raw = Buffer.from(pdf).toString('latin1');
  const pages = raw.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
    } catch {
      continue; // not a Flate stream (an image, a font)
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return { pages, text: texts.join('\n') };
}
