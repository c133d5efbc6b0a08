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

/** The products holding one term, with the weight of the field it came from: two parallel arrays. */
class Postings {
  slots = new Int32Array(4);
  weights = new Uint8Array(4);
  size = 0;

  add(slot: number, weight: number): void {
    if (this.size === this.slots.length) {
      const slots = new Int32Array(this.size * 2);
      slots.set(this.slots);
      this.slots = slots;
      const weights = new Uint8Array(this.size * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.slots[this.size] = slot;
    this.weights[this.size++] = weight;
  }

  remove(slot: number): void {
    const at = this.slots.subarray(0, this.size).indexOf(slot);
    if (at < 0) return;
    this.size--;
    this.slots[at] = this.slots[this.size]!;
    this.weights[at] = this.weights[this.size]!;
  }
}

/** What a product was indexed under, so it can be taken out again. */
export type IndexedTerms = readonly Postings[];

/**
 * Which products hold which terms. A query word is expanded to the terms it matches by scanning the
 * vocabulary (a few hundred thousand words at 100k products: a few milliseconds); expansions are kept
 * until the vocabulary changes, which an order taking stock never does.
 */
export class TermIndex {
  private readonly postings = new Map<string, Postings>();
  /**
   * The vocabulary again by first and by second character: a word's prefixes share its first
   * character, and a term one typo away shares the first or second character with it.
   */
  private readonly byFirst = new Map<number, Vocabulary>();
  private readonly bySecond = new Map<number, Vocabulary>();
  private readonly expansions = new Map<string, [Postings, number][]>();

  add(slot: number, terms: ReadonlyMap<string, number>): IndexedTerms {
    const held: Postings[] = [];
    for (const [term, weight] of terms) {
      let postings = this.postings.get(term);
      if (!postings) {
        postings = new Postings();
        // A fresh copy: a term cut from a description must not keep the whole description alive.
        const own = JSON.parse(JSON.stringify(term)) as string;
        this.postings.set(own, postings);
        shelve(this.byFirst, own.charCodeAt(0), own, postings);
        if (own.length > 1) shelve(this.bySecond, own.charCodeAt(1), own, postings);
        this.expansions.clear();
      }
      postings.add(slot, weight);
      held.push(postings);
    }
    return held;
  }

  remove(slot: number, terms: IndexedTerms): void {
    for (const postings of terms) postings.remove(slot);
    // Emptied terms stay in the vocabulary until the next build; they match nothing.
  }

  /** Each product matching the query word, with its best weight × match quality. */
  match(word: string): Map<number, number> {
    const scores = new Map<number, number>();
    for (const [postings, quality] of this.expand(word)) {
      for (let i = 0; i < postings.size; i++) {
        const slot = postings.slots[i]!;
        const score = postings.weights[i]! * quality;
        if ((scores.get(slot) ?? 0) < score) scores.set(slot, score);
      }
    }
    return scores;
  }

  private expand(word: string): [Postings, number][] {
    const known = this.expansions.get(word);
    if (known) return known;
    const found: [Postings, number][] = [];
    const [c0, c1] = [word.charCodeAt(0), word.charCodeAt(1)];
    scan(this.byFirst.get(c0), (term, postings) => {
      if (term === word) found.push([postings, QUALITY.exact]);
      else if (term.startsWith(word)) found.push([postings, QUALITY.prefix]);
    });
    // A word the catalogue holds as typed is not read as a typo of others ("semax" is not "semag…").
    if (found.length === 0 && word.length >= TYPO_MIN_LENGTH) {
      const typo = (term: string, postings: Postings) => {
        if (oneEditPrefix(word, term)) found.push([postings, QUALITY.typo]);
      };
      scan(this.byFirst.get(c0), typo);
      if (c1 !== c0) scan(this.byFirst.get(c1), typo);
      // Terms whose first character is neither, but whose second is one of them.
      const elsewhere = (term: string, postings: Postings) => {
        const t0 = term.charCodeAt(0);
        if (t0 !== c0 && t0 !== c1) typo(term, postings);
      };
      scan(this.bySecond.get(c1), elsewhere);
      if (c0 !== c1) scan(this.bySecond.get(c0), elsewhere);
    }
    if (this.expansions.size >= EXPANSIONS_KEPT) this.expansions.clear();
    this.expansions.set(word, found);
    return found;
  }
}

interface Vocabulary {
  terms: string[];
  postings: Postings[];
}

function shelve(shelves: Map<number, Vocabulary>, key: number, term: string, postings: Postings): void {
  const shelf = shelves.get(key);
  if (!shelf) shelves.set(key, { terms: [term], postings: [postings] });
  else {
    shelf.terms.push(term);
    shelf.postings.push(postings);
  }
}

function scan(shelf: Vocabulary | undefined, visit: (term: string, postings: Postings) => void): void {
  if (!shelf) return;
  for (let i = 0; i < shelf.terms.length; i++)
    if (shelf.postings[i]!.size > 0) visit(shelf.terms[i]!, shelf.postings[i]!);
}
