import { type AliasedRawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';

/**
 * Catalogue search: the query is rewritten in TypeScript, the same way on both engines, into
 * groups of alternatives, one group per term; the engine's full-text index (FTS5 on SQLite,
 * tsvector on PostgreSQL; see migration 0004) then finds the goods matching every group.
 *
 * A term stands for itself as a prefix ("dres" → dress, dresses) and, when the catalogue does
 * not use it as a word, for the nearest catalogue words by edit distance ("sneker" → sneakers,
 * "jaket" → jacket): at most one edit for words of up to five letters, two for longer ones. A
 * term no catalogue word begins with also stands for the words whose beginning is that close
 * ("snek" → sneakers), for the shopper still typing.
 */

/** One query term: its prefix, and the whole catalogue words it may stand for. */
export type TermGroup = { prefix: string; words: string[] };

/** Function words that say nothing about a product; dropped unless the query has nothing else. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from in into is it its of on or our the their this that to with your'.split(' '),
);
/** Terms beyond this many are ignored: a search box query, not a document. */
const MAX_TERMS = 8;
/** Typo alternatives per term, the most frequent catalogue words first. */
const MAX_ALTERNATIVES = 6;
/** Catalogue words shorter than this are not offered as typo corrections. */
const MIN_WORD_LENGTH = 3;

/** Lower-case words of letters and digits, accents removed ("Crêpe-Satin" → crepe, satin). */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** How many edits a term may be away from the word it means. */
export const typoAllowance = (term: string) => (term.length <= 2 || /\d/.test(term) ? 0 : term.length <= 5 ? 1 : 2);

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours each cost 1), or `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The words the catalogue uses (names, descriptions, categories, colours), with how often. */
export class Vocabulary {
  private readonly counts = new Map<string, number>();

  constructor(texts: Iterable<string>) {
    for (const text of texts) {
      for (const word of wordsOf(text)) {
        if (word.length >= MIN_WORD_LENGTH && /[a-z]/.test(word) && !STOP_WORDS.has(word))
          this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
      }
    }
  }

  get size() {
    return this.counts.size;
  }

  has(word: string) {
    return this.counts.has(word);
  }

  /** The catalogue words closest to `term` within its typo allowance, most frequent first. */
  nearest(term: string): string[] {
    const limit = typoAllowance(term);
    if (limit === 0) return [];
    let best = limit + 1;
    let found: string[] = [];
    for (const word of this.counts.keys()) {
      const distance = editDistance(term, word, Math.min(limit, best));
      if (distance === 0 || distance > limit || distance > best) continue;
      if (distance < best) {
        best = distance;
        found = [];
      }
      found.push(word);
    }
    return found
      .sort((a, b) => (this.counts.get(b) ?? 0) - (this.counts.get(a) ?? 0) || a.localeCompare(b))
      .slice(0, MAX_ALTERNATIVES);
  }

  /**
   * Catalogue words whose beginning is within the term's typo allowance of it, for a term no
   * catalogue word begins with: what a shopper still typing means ("snek" → sneakers). Closest
   * first, then the most frequent.
   */
  completions(term: string): string[] {
    const limit = typoAllowance(term);
    if (limit === 0) return [];
    const found: Array<{ word: string; distance: number }> = [];
    for (const word of this.counts.keys()) {
      if (word.length <= term.length) continue;
      // the beginning as long as the term, or one letter longer (a letter left out)
      const distance = Math.min(
        editDistance(term, word.slice(0, term.length), limit),
        editDistance(term, word.slice(0, term.length + 1), limit),
      );
      if (distance <= limit) found.push({ word, distance });
    }
    return found
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          (this.counts.get(b.word) ?? 0) - (this.counts.get(a.word) ?? 0) ||
          a.word.localeCompare(b.word),
      )
      .slice(0, MAX_ALTERNATIVES)
      .map((entry) => entry.word);
  }

  private beginsAnyWord(term: string) {
    for (const word of this.counts.keys()) if (word.startsWith(term)) return true;
    return false;
  }

  /** The words a term stands for besides its own prefix. */
  private alternatives(term: string): string[] {
    if (this.has(term)) return [term];
    const nearest = this.nearest(term);
    if (this.beginsAnyWord(term)) return nearest;
    return [...new Set([...nearest, ...this.completions(term)])].slice(0, MAX_ALTERNATIVES);
  }

  /**
   * The query as term groups; empty when it holds no searchable word. Function words and single
   * letters ("the", the "t" of "t-shirt") are left out unless nothing else is left: the engines'
   * own stop words differ, so both are given the same terms.
   */
  rewrite(query: string): TermGroup[] {
    const all = [...new Set(wordsOf(query))];
    const meaningful = all.filter((term) => term.length > 1 && !STOP_WORDS.has(term));
    const terms = (meaningful.length > 0 ? meaningful : all).slice(0, MAX_TERMS);
    return terms.map((term) => ({ prefix: term, words: this.alternatives(term) }));
  }
}

/** A rough English singular, enough to compare category names with terms ("dresses" ~ "dress"). */
const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : /(ss|x|ch|sh)es$/.test(word)
      ? word.slice(0, -2)
      : word.replace(/([^s])s$/, '$1');

/**
 * How well a name (a category's) answers the term groups: null when some group matches none of
 * its words, otherwise the number of groups that match a word exactly (for ordering).
 */
export function nameMatch(name: string, groups: TermGroup[]): number | null {
  const words = wordsOf(name).map(singular);
  let exact = 0;
  for (const group of groups) {
    const candidates = [group.prefix, ...group.words].map(singular);
    if (!words.some((word) => candidates.some((candidate) => word.startsWith(candidate)))) return null;
    if (words.some((word) => candidates.includes(word))) exact += 1;
  }
  return exact;
}

/** The goods matching every group with their relevance, as a table `m(goods_id, score)`; higher scores first. */
export interface FullTextSearch {
  matches(groups: TermGroup[]): AliasedRawBuilder<{ goods_id: number; score: number }, 'm'>;
}

/** Terms are made of [a-z0-9] only (see `wordsOf`), so they need no escaping in either query language. */
const sqliteFullText: FullTextSearch = {
  matches(groups) {
    const query = groups
      .map(
        (group) =>
          `(${[`"${group.prefix}"${group.prefix.length > 1 ? '*' : ''}`, ...group.words.map((w) => `"${w}"`)].join(' OR ')})`,
      )
      .join(' AND ');
    // bm25 is lower for better matches; column weights: name, category, colours, description.
    return sql<{ goods_id: number; score: number }>`(select rowid as goods_id, -bm25(goods_search, 10.0, 5.0, 3.0, 1.0) as score
      from goods_search where goods_search match ${query})`.as('m');
  },
};

const postgresFullText: FullTextSearch = {
  matches(groups) {
    const query = groups
      .map((group) => `(${[`${group.prefix}${group.prefix.length > 1 ? ':*' : ''}`, ...group.words].join(' | ')})`)
      .join(' & ');
    // The document's weights A-D are name, category, colours, description (migration 0004).
    return sql<{ goods_id: number; score: number }>`(select s.goods_id, ts_rank(s.document, q.query) as score
      from goods_search s, to_tsquery('english', ${query}) as q(query) where s.document @@ q.query)`.as('m');
  },
};

/** The full-text search of the engine `db` runs on. */
export const fullTextSearchOf = (db: Db): FullTextSearch => (isPostgres(db) ? postgresFullText : sqliteFullText);
