import { oneEditPrefix } from './one-edit.js';

/**
 * How well a query word matched a term: the term itself, a longer term it begins, or, when neither
 * exists, one typo away.
 */
const QUALITY = { exact: 1, prefix: 0.75, typo: 0.5 } as const;

/** Words shorter than this are matched exactly or as a prefix, never with a typo (too many hits). */
const TYPO_MIN_LENGTH = 3;

/** Query words whose matching terms are remembered while no term appears or disappears. */
const EXPANSIONS_KEPT = 1_000;

/**
 * Which products hold which terms, with the weight of the field each came from. A query word is
 * expanded to the terms it matches by scanning the vocabulary (a few hundred thousand words at 100k
 * products: a few milliseconds); expansions are kept until the vocabulary changes, which an order
 * taking stock never does.
 */
export class TermIndex {
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly expansions = new Map<string, [term: string, quality: number][]>();

  add(slot: number, terms: ReadonlyMap<string, number>): void {
    for (const [term, weight] of terms) {
      let holders = this.postings.get(term);
      if (!holders) {
        holders = new Map();
        this.postings.set(term, holders);
        this.expansions.clear();
      }
      holders.set(slot, weight);
    }
  }

  remove(slot: number, terms: ReadonlyMap<string, number>): void {
    for (const term of terms.keys()) {
      const holders = this.postings.get(term);
      if (!holders) continue;
      holders.delete(slot);
      if (holders.size === 0) {
        this.postings.delete(term);
        this.expansions.clear();
      }
    }
  }

  /** Each product matching the query word, with its best weight × match quality. */
  match(word: string): Map<number, number> {
    const scores = new Map<number, number>();
    for (const [term, quality] of this.expand(word)) {
      for (const [slot, weight] of this.postings.get(term)!) {
        const score = weight * quality;
        if ((scores.get(slot) ?? 0) < score) scores.set(slot, score);
      }
    }
    return scores;
  }

  private expand(word: string): [string, number][] {
    const known = this.expansions.get(word);
    if (known) return known;
    const found: [string, number][] = [];
    const typos: [string, number][] = [];
    const typoTolerant = word.length >= TYPO_MIN_LENGTH;
    for (const term of this.postings.keys()) {
      if (term === word) found.push([term, QUALITY.exact]);
      else if (term.startsWith(word)) found.push([term, QUALITY.prefix]);
      else if (typoTolerant && oneEditPrefix(word, term)) typos.push([term, QUALITY.typo]);
    }
    // A word the catalogue holds as typed is not read as a typo of others ("semax" is not "semag…").
    if (found.length === 0) found.push(...typos);
    if (this.expansions.size >= EXPANSIONS_KEPT) this.expansions.clear();
    this.expansions.set(word, found);
    return found;
  }
}
