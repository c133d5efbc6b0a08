import unhomoglyph from 'unhomoglyph';
import { productNameKey } from '../domain/product.js';

/**
 * What product names are unique by: productNameKey's folding (NFKC, invisible characters, case),
 * then Unicode's confusable skeleton (UTS #39: NFD, each character to its prototype in
 * confusables.txt, NFD), so `BPC‐157` (U+2010 hyphen) and `ΒPC-157` (Greek capital Beta) are the
 * name `BPC-157`. Upper-cased before the skeleton: confusables.txt maps capital I to l, so folding
 * to lower case afterwards would make GLP-1 and GIP-1 one name. A key only, never shown; names still
 * sort by productNameKey. Node-only: the table is 100 kB.
 */
export function productNameSkeleton(name: string): string {
  return unhomoglyph(productNameKey(name).toUpperCase().normalize('NFD')).normalize('NFD');
}
