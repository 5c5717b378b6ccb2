import type pg from 'pg';

/**
 * PostgreSQL parses and plans every unnamed statement afresh, and on the shop's short queries that
 * is most of the server's work. A query text the process runs again and again gets a name here,
 * so each connection parses it once and then only binds and executes it (decision 0069): the
 * same idea as SQLite's statement cache (database.ts), per connection because PostgreSQL keeps
 * prepared statements per session.
 *
 * - Only data statements are named (select, insert, update, delete, with), once a text has run
 *   `PREPARE_AFTER` times: a one-off (a migration, an unusual filter) stays unnamed.
 * - At most `PREPARED_LIMIT` texts are named in a process, so a connection holds at most that
 *   many prepared statements on the server; texts past the limit run unnamed.
 * - A statement prepared before a migration changed the columns it returns fails with "cached
 *   plan must not change result type". Its text is never named again, and the statement runs
 *   again unnamed: at once outside a transaction; inside one, the transaction is run again by
 *   `inTransaction` (transaction.ts), since PostgreSQL has aborted it.
 */

export const PREPARED_LIMIT = 256;
export const PREPARE_AFTER = 2;
/** texts whose run counts are kept while they wait for a name; past this, the counts start over */
const COUNTED_LIMIT = 4_096;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;
const STALE_PLAN = 'cached plan must not change result type';

/** A prepared statement outlived a change to its table's columns (the statement did nothing). */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '0A000' && message === STALE_PLAN;
}

type QueryArgs = [text: string, values?: unknown[]];
type Query = (...args: unknown[]) => unknown;

/** Names the pool's statements: `install` on each new connection (the pool's `connect` event). */
export function createStatementNames(limits = { prepared: PREPARED_LIMIT, after: PREPARE_AFTER }) {
  const names = new Map<string, string>();
  const counted = new Map<string, number>();
  const refused = new Set<string>();
  /** names handed out, including those of refused texts (a name is never given twice) */
  let given = 0;

  function nameOf(text: string): string | undefined {
    const name = names.get(text);
    if (name || given >= limits.prepared || refused.has(text) || !DATA_STATEMENT.test(text)) return name;
    const runs = (counted.get(text) ?? 0) + 1;
    if (runs < limits.after) {
      if (counted.size >= COUNTED_LIMIT) counted.clear();
      counted.set(text, runs);
      return undefined;
    }
    counted.delete(text);
    const fresh = `s${given++}`;
    names.set(text, fresh);
    return fresh;
  }

  function refuse(text: string) {
    refused.add(text);
    names.delete(text);
  }

  return {
    install(client: pg.PoolClient) {
      const query = client.query.bind(client) as Query;
      let inTransaction = false;
      const named = async (text: string, values: unknown[] | undefined, name: string) => {
        try {
          return await query({ name, text, values });
        } catch (error) {
          if (!isStalePreparedStatement(error)) throw error;
          refuse(text);
          if (inTransaction) throw error;
          return query(text, values);
        }
      };
      (client as unknown as { query: Query }).query = (...args: unknown[]) => {
        const [text, values] = args as QueryArgs;
        if (typeof text !== 'string' || (args.length > 2 && typeof args[2] === 'function')) return query(...args);
        if (TRANSACTION_START.test(text)) inTransaction = true;
        else if (TRANSACTION_END.test(text)) inTransaction = false;
        const name = nameOf(text);
        return name ? named(text, values, name) : query(text, values);
      };
    },
    /** how many texts have a name (for tests and metrics) */
    get size() {
      return names.size;
    },
  };
}
