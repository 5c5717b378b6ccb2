/**
 * Matches a visitor's question against the knowledge base's question variants (issue "chat service",
 * item 5). Pure and synchronous: the service prepares the enabled entries once (`buildKnowledgeIndex`)
 * and asks `bestAnswer` per message.
 *
 * The score of a question against one variant is the larger of two similarities, each in [0, 1]:
 * - a weighted, typo-tolerant Dice over token sets (order-free): function words ("how", "my", "is")
 *   weigh little, so "where is my order" is close to "track my order" but not to "where is my refund";
 *   a token also matches a near spelling ("retrun" ~ "return") for part of its weight;
 * - a character-trigram Dice over the content words run together, which forgives split or merged
 *   words ("check out" ~ "checkout") and typos inside them.
 * An entry scores its best variant. The best entry answers when it reaches `KB_MATCH_THRESHOLD` and
 * no other entry comes within `KB_AMBIGUITY_MARGIN` of it (a question that fits two answers equally
 * well gets neither: a wrong automatic answer is worse than none).
 */

/** Chosen with matcher.test.ts: paraphrases of a variant score 0.62–1, unrelated questions stay under 0.5. */
export const KB_MATCH_THRESHOLD = 0.6;
/** Two entries closer than this are a tie unless the best is a near-exact match. */
export const KB_AMBIGUITY_MARGIN = 0.05;
/** A best score at or above this answers even when another entry ties (the same variant entered twice). */
const KB_CERTAIN_SCORE = 0.95;
/** Longer messages are cut before matching: a question is short, and matching stays fast. */
const QUESTION_MAX_CHARS = 500;
/** The weight of a function word against 1 for a content word. */
const FUNCTION_WORD_WEIGHT = 0.1;

const FUNCTION_WORDS = new Set(
  (
    'a an the this that these those i me my mine you your yours we our ours us he she him her his they them their it its ' +
    'is are was were be been being am do does did done doing have has had can could would should will shall may might must ' +
    'to of in on at for from with by about into onto as and or but if so than then there here not no yes ' +
    'how what where when why which who whom whose please pls plz hi hey just any some get got want wanna need like ' +
    'ok okay thanks thank'
  ).split(' '),
);

/** Chinese, Japanese and Korean scripts: written without spaces, so they are split into character bigrams. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/**
 * Lower case, accents off Latin letters (NFKD also folds full-width forms), apostrophes dropped
 * inside words ("don't" → "dont"), every other non-letter non-digit a space, spaces collapsed.
 * CJK characters are kept, and set apart from neighbouring Latin text.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(?<=\p{Script=Latin})\p{Mn}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/(?<=[\p{L}\p{N}])['’‘`´]+(?=[\p{L}\p{N}])/gu, '')
    .replace(CJK_RUN, ' $& ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** English plural and -ed/-ing endings, so "items" meets "item" and "returned" meets "return". */
function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3 || FUNCTION_WORDS.has(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('ing') && word.length >= 7) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length >= 6) return word.slice(0, -2);
  return word;
}

/**
 * The tokens of a normalised text: words (stemmed) for alphabetic scripts, character bigrams for a
 * CJK run (a lone CJK character is its own token). Repeated tokens count once.
 */
export function tokenize(normalised: string): string[] {
  const tokens = new Set<string>();
  for (const word of normalised.split(' ')) {
    if (!word) continue;
    if (CJK.test(word)) {
      const chars = Array.from(word);
      if (chars.length === 1) tokens.add(word);
      for (let i = 0; i + 1 < chars.length; i += 1) tokens.add(`${chars[i]}${chars[i + 1]}`);
    } else {
      tokens.add(stem(word));
    }
  }
  return [...tokens];
}

type Token = { text: string; weight: number; fuzzy: boolean };

/** A text ready to be compared: its weighted tokens and the trigrams of its content words. */
export type PreparedText = {
  normalised: string;
  tokens: Token[];
  weight: number;
  trigrams: Set<string>;
};

function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  if (!text) return grams;
  const chars = Array.from(` ${text} `);
  for (let i = 0; i + 2 < chars.length; i += 1) grams.add(`${chars[i]}${chars[i + 1]}${chars[i + 2]}`);
  return grams;
}

export function prepare(text: string): PreparedText {
  const normalised = normalise(text.slice(0, QUESTION_MAX_CHARS));
  const tokens = tokenize(normalised).map((token) => ({
    text: token,
    weight: FUNCTION_WORDS.has(token) ? FUNCTION_WORD_WEIGHT : 1,
    // Typo tolerance only for alphabetic words long enough for one slip to leave them recognisable.
    fuzzy: token.length >= 4 && !CJK.test(token) && !/\d/.test(token),
  }));
  const content = tokens.filter((token) => token.weight === 1);
  const trigramSource = (content.length ? content : tokens).map((token) => token.text).join('');
  return {
    normalised,
    tokens,
    weight: tokens.reduce((sum, token) => sum + token.weight, 0),
    trigrams: trigramsOf(trigramSource),
  };
}

/** Optimal string alignment distance (Levenshtein plus adjacent transposition), stopping early above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length] ?? max + 1;
}

/** 1 for the same token; for two long words one or two edits apart, the share of characters kept. */
function tokenSimilarity(a: Token, b: Token): number {
  if (a.text === b.text) return 1;
  if (!a.fuzzy || !b.fuzzy) return 0;
  const longest = Math.max(a.text.length, b.text.length);
  const allowed = longest >= 8 ? 2 : 1;
  const distance = editDistance(a.text, b.text, allowed);
  return distance > allowed ? 0 : 1 - distance / longest;
}

function bestTokenMatch(token: Token, others: Token[]): number {
  let best = 0;
  for (const other of others) {
    best = Math.max(best, tokenSimilarity(token, other));
    if (best === 1) break;
  }
  return best;
}

/** Weighted soft Dice over the two token sets. */
function tokenScore(a: PreparedText, b: PreparedText): number {
  if (!a.weight || !b.weight) return 0;
  let shared = 0;
  for (const token of a.tokens) shared += token.weight * bestTokenMatch(token, b.tokens);
  for (const token of b.tokens) shared += token.weight * bestTokenMatch(token, a.tokens);
  return shared / (a.weight + b.weight);
}

function trigramScore(a: PreparedText, b: PreparedText): number {
  if (!a.trigrams.size || !b.trigrams.size) return 0;
  let shared = 0;
  for (const gram of a.trigrams) if (b.trigrams.has(gram)) shared += 1;
  return (2 * shared) / (a.trigrams.size + b.trigrams.size);
}

/** How well two prepared texts match, in [0, 1]. */
export function similarity(a: PreparedText, b: PreparedText): number {
  if (a.normalised === b.normalised) return a.normalised ? 1 : 0;
  return Math.max(tokenScore(a, b), trigramScore(a, b));
}

/** A question too short to mean anything on its own: empty, or one character. */
export function isTooShort(prepared: PreparedText): boolean {
  return Array.from(prepared.normalised.replace(/ /g, '')).length < 2;
}

export type KnowledgeEntry = { id: number; questions: string[]; answer: string };
export type KnowledgeIndex = Array<{ id: number; answer: string; variants: PreparedText[] }>;
export type KnowledgeMatch = { entryId: number; answer: string; score: number };

/** Prepares every variant once; the caller passes only enabled entries. */
export function buildKnowledgeIndex(entries: KnowledgeEntry[]): KnowledgeIndex {
  return entries.map((entry) => ({
    id: entry.id,
    answer: entry.answer,
    variants: entry.questions.map(prepare).filter((variant) => !isTooShort(variant)),
  }));
}

/** Every entry's best-variant score for a question, best first (ties: the older entry first). */
export function rankEntries(index: KnowledgeIndex, question: string): KnowledgeMatch[] {
  const prepared = prepare(question);
  if (isTooShort(prepared)) return [];
  const ranked: KnowledgeMatch[] = [];
  for (const entry of index) {
    let score = 0;
    for (const variant of entry.variants) {
      score = Math.max(score, similarity(prepared, variant));
      if (score === 1) break;
    }
    if (score > 0) ranked.push({ entryId: entry.id, answer: entry.answer, score });
  }
  return ranked.sort((x, y) => y.score - x.score || x.entryId - y.entryId);
}

/** The entry that answers a question, or null when none matches well enough or two match equally well. */
export function bestAnswer(index: KnowledgeIndex, question: string): KnowledgeMatch | null {
  const [best, runnerUp] = rankEntries(index, question);
  if (!best || best.score < KB_MATCH_THRESHOLD) return null;
  if (runnerUp && best.score < KB_CERTAIN_SCORE && best.score - runnerUp.score < KB_AMBIGUITY_MARGIN) return null;
  return { ...best, score: Math.round(best.score * 1000) / 1000 };
}
