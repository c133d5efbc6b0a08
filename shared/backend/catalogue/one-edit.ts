/** Whether `word` from `wi` on is found in `term` at `ti` (compared in place: no strings made). */
function sameFrom(word: string, wi: number, term: string, ti: number): boolean {
  const n = word.length - wi;
  if (term.length - ti < n) return false;
  for (let k = 0; k < n; k++) if (word.charCodeAt(wi + k) !== term.charCodeAt(ti + k)) return false;
  return true;
}

/**
 * True when `word` is at most one edit away from `term` or from a beginning of it (what a shopper
 * still typing means): a letter replaced, added, removed, or two neighbouring letters swapped
 * (Damerau). A swap counts as one typo, so "bcp" finds "bpc-157", which plain Levenshtein (and so
 * minisearch's fuzzy search) counts as two. Called for every term of the vocabulary, so it makes no
 * strings.
 */
export function oneEditPrefix(word: string, term: string): boolean {
  const n = word.length;
  if (term.length < n - 1) return false;
  let i = 0;
  while (i < n && i < term.length && word.charCodeAt(i) === term.charCodeAt(i)) i++;
  if (i === n) return true;
  // word[i] is wrong: replaced, extra, missing (term has one more here), or swapped with the next.
  return (
    sameFrom(word, i + 1, term, i + 1) ||
    sameFrom(word, i + 1, term, i) ||
    sameFrom(word, i, term, i + 1) ||
    (word.charCodeAt(i) === term.charCodeAt(i + 1) &&
      word.charCodeAt(i + 1) === term.charCodeAt(i) &&
      sameFrom(word, i + 2, term, i + 2))
  );
}
