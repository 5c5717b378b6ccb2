import { CHAT_SEARCH_MAX_TERMS, CHAT_SEARCH_SNIPPET_LENGTH, type TChatSearchSnippet } from '@shop/contracts/chat-protocol';
import { type AliasedRawBuilder, type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/engine';
import type { Database } from '../db/schema';

/**
 * The agents' search over conversations and contacts (decision 0062): the words of a search, the
 * full-text query of each engine (migration 0041's indexes), and the highlighted snippets, built
 * here in TypeScript so that both engines show the same ones.
 */

/** A word as both indexes keep it: accents gone, lower case. */
export const foldWord = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

const WORD = /[\p{L}\p{N}]+/gu;
const PHONE = /^[\d\s()+.-]+$/;
/** Fewer digits than this are searched as written (an order's quantity, a size), not as a phone number. */
const PHONE_MIN_DIGITS = 6;

/**
 * The words of a search, each folded; the last is a prefix (the agent may still be typing it).
 * Anything that is not a letter or a digit only separates words, so no query operator can pass:
 * `"`, `*`, `:`, `&`, `|`, `!`, `(`, NEAR, AND… are words or nothing.
 */
export function searchTerms(keyword: string): string[] {
  // A phone number however it is written ("+44 7700 900123", "(555) 010-0100") is one run of digits.
  if (PHONE.test(keyword)) {
    const digits = keyword.replace(/\D/g, '');
    if (digits.length >= PHONE_MIN_DIGITS) return [digits];
  }
  const words = [...keyword.matchAll(WORD)].map((match) => foldWord(match[0])).filter(Boolean);
  return [...new Set(words)].slice(0, CHAT_SEARCH_MAX_TERMS);
}

/** Whether a word of the text answers one of the terms: the last term as a prefix, the others whole. */
function matchesTerm(word: string, terms: string[]) {
  const folded = foldWord(word);
  const last = terms.length - 1;
  return terms.some((term, i) => (i === last ? folded.startsWith(term) : folded === term));
}

/**
 * The part of `text` around its first matching word, at most CHAT_SEARCH_SNIPPET_LENGTH characters
 * cut at word boundaries, as plain segments (the client marks the matching ones; no HTML is made
 * here). White space runs become one space; a cut is shown with an ellipsis.
 */
export function snippetOf(text: string, terms: string[], length = CHAT_SEARCH_SNIPPET_LENGTH): TChatSearchSnippet {
  const matches = [...text.matchAll(WORD)]
    .filter((match) => matchesTerm(match[0], terms))
    .map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const first = matches[0];
  let start = 0;
  if (first && text.length > length && first.start > length / 3) {
    start = first.start - Math.floor(length / 3);
    // begin at the start of a word
    const space = text.slice(start, first.start).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const lastSpace = text.slice(first ? Math.max(start, first.end) : start, end).search(/\s\S*$/);
    if (lastSpace >= 0) end = (first ? Math.max(start, first.end) : start) + lastSpace;
  }
  const segments: TChatSearchSnippet = [];
  const add = (part: string, match: boolean) => {
    const clean = part.replace(/\s+/g, ' ');
    if (!clean) return;
    const previous = segments[segments.length - 1];
    if (previous && previous.match === match) previous.text += clean;
    else segments.push({ text: clean, match });
  };
  if (start > 0) add('…', false);
  let at = start;
  for (const match of matches) {
    if (match.end <= start || match.start >= end) continue;
    add(text.slice(at, Math.max(at, match.start)), false);
    add(text.slice(Math.max(at, match.start), Math.min(end, match.end)), true);
    at = Math.min(end, match.end);
  }
  add(text.slice(at, end), false);
  if (end < text.length) add('…', false);
  return segments;
}

/** Who is searching: an agent sees their own conversations and the queue; a supervisor every one. */
export type SearchScope = { csrId: number; supervisor: boolean; mayReadContacts: boolean };

type Matched = { id: number; score: number };

/** The full-text part of the search on one engine: the ids of what matches, with a score (higher is better). */
interface FullText {
  messages(terms: string[]): AliasedRawBuilder<Matched, 'found'>;
  contacts(terms: string[], withPrivate: boolean): AliasedRawBuilder<Matched, 'found'>;
}

/** Terms are letters and digits only (`searchTerms`), so they need no escaping in either query language. */
const sqliteFullText: FullText = {
  messages(terms) {
    const query = terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' AND ');
    return sql<Matched>`(select rowid as id, -bm25(chat_message_search) as score
      from chat_message_search where chat_message_search match ${query})`.as('found');
  },
  contacts(terms, withPrivate) {
    const words = terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' AND ');
    // the e-mail and phone column is searched only by those who may see it
    const query = withPrivate ? words : `name : (${words})`;
    return sql<Matched>`(select rowid as id, -bm25(chat_contact_search, 2.0, 1.0) as score
      from chat_contact_search where chat_contact_search match ${query})`.as('found');
  },
};

const postgresFullText: FullText = {
  messages(terms) {
    const query = terms.map((term, i) => `${term}${i === terms.length - 1 ? ':*' : ''}`).join(' & ');
    return sql<Matched>`(select s.message_id as id, ts_rank(s.document, q.query, 1) as score
      from chat_message_search s, to_tsquery('chat_search', ${query}) as q(query) where s.document @@ q.query)`.as('found');
  },
  contacts(terms, withPrivate) {
    // weight A is the names, B the e-mail and phone (migration 0041)
    const weights = withPrivate ? '' : 'A';
    const query = terms
      .map((term, i) => {
        const suffix = `${i === terms.length - 1 ? '*' : ''}${weights}`;
        return suffix ? `${term}:${suffix}` : term;
      })
      .join(' & ');
    return sql<Matched>`(select s.tourist_id as id, ts_rank(s.document, q.query, 1) as score
      from chat_contact_search s, to_tsquery('chat_search', ${query}) as q(query) where s.document @@ q.query)`.as('found');
  },
};

const fullTextOf = (db: Db): FullText => (isPostgres(db) ? postgresFullText : sqliteFullText);

/** The conversations a scope may read, as a condition on `chat_sessions`. */
function readable(eb: ExpressionBuilder<Database, 'chat_sessions'>, scope: SearchScope) {
  if (scope.supervisor) return eb.lit(true);
  return eb.or([eb('chat_sessions.csr_id', '=', scope.csrId), eb('chat_sessions.status', '=', 'queued')]);
}

/** The search's SQL. What may be seen is decided in the query, before ranking, counting and paging. */
export function chatSearchStore(db: Db) {
  const fullText = fullTextOf(db);
  return {
    /** A page of the matching messages of readable conversations, best first, and how many there are. */
    async messages(terms: string[], scope: SearchScope, page: number, pageSize: number) {
      const base = db
        .selectFrom(fullText.messages(terms))
        .innerJoin('chat_messages', 'chat_messages.id', 'found.id')
        .innerJoin('chat_sessions', 'chat_sessions.id', 'chat_messages.session_id')
        .where((eb) => readable(eb, scope));
      const [rows, count] = await Promise.all([
        base
          .select([
            'chat_messages.id',
            'chat_messages.session_id',
            'chat_messages.seq',
            'chat_messages.sender_type',
            'chat_messages.content',
            'chat_messages.created_at',
            'found.score',
          ])
          .orderBy('found.score', 'desc')
          .orderBy('chat_messages.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * The visitors whose names (and, for those who may, e-mail or phone) match, each with their
     * latest conversation the scope may read; visitors with none are not shown.
     */
    async contacts(terms: string[], scope: SearchScope, limit: number) {
      const latest = () =>
        db
          .selectFrom('chat_sessions')
          .select('chat_sessions.id')
          .where('chat_sessions.tourist_id', '=', sql<number>`chat_tourists.id`)
          .where((inner) => readable(inner, scope))
          .orderBy('chat_sessions.sort_time', 'desc')
          .orderBy('chat_sessions.id', 'desc')
          .limit(1);
      const rows = await db
        .selectFrom(fullText.contacts(terms, scope.mayReadContacts))
        .innerJoin('chat_tourists', 'chat_tourists.id', 'found.id')
        .leftJoin('users', 'users.id', 'chat_tourists.user_id')
        .select([
          'chat_tourists.id',
          'chat_tourists.nickname',
          'users.first_name',
          'users.last_name',
          'users.email',
          'users.dial_code',
          'users.mobile',
          latest().as('session_id'),
        ])
        .where((eb) => eb.exists(latest()))
        .orderBy('found.score', 'desc')
        .orderBy('chat_tourists.last_seen_at', 'desc')
        .orderBy('chat_tourists.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, session_id: Number(row.session_id) }));
    },
  };
}
