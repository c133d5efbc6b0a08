/** The file formats import reads; `json` is what `shop products export --format json` writes. */
export type ImportFormat = 'csv' | 'shopify' | 'woocommerce' | 'json';

export class LayoutError extends Error {}

/**
 * Which of our CSV and a Shopify product export (Handle and Title) a header row is (WooCommerce's is
 * told by isWooCommerceHeader). A header of one column holding another separator is refused, as no
 * format can be read from it.
 */
export function csvFormatOf(header: readonly string[]): 'csv' | 'shopify' {
  const keys = header.map((h) => h.trim().toLowerCase());
  if (keys.length === 1) {
    const delimiter = [';', '\t', '|'].find((d) => keys[0]!.includes(d));
    if (delimiter) {
      const shown = delimiter === '\t' ? 'tabs' : `"${delimiter}"`;
      throw new LayoutError(
        `row 1: the header is one column; the file seems to use ${shown} between fields — save it with commas`,
      );
    }
  }
  return keys.includes('handle') && keys.includes('title') ? 'shopify' : 'csv';
}
