/**
 * True when `word` is at most one edit away from `term` or from a beginning of it (what a shopper
 * still typing means): a letter replaced, added, removed, or two neighbouring letters swapped
 * (Damerau). A swap counts as one typo, so "bcp" finds "bpc-157", which plain Levenshtein (and so
 * minisearch's fuzzy search) counts as two.
 */
export function oneEditPrefix(word: string, term: string): boolean {
  const n = word.length;
  if (term.length < n - 1) return false;
  let i = 0;
  while (i < n && i < term.length && word.charCodeAt(i) === term.charCodeAt(i)) i++;
  if (i === n) return true;
  // word[i] is wrong: replaced, extra, missing (term has one more here), or swapped with the next.
  return (
    term.startsWith(word.slice(i + 1), i + 1) ||
    term.startsWith(word.slice(i + 1), i) ||
    term.startsWith(word.slice(i), i + 1) ||
    (word[i] === term[i + 1] && word[i + 1] === term[i] && term.startsWith(word.slice(i + 2), i + 2))
  );
}
