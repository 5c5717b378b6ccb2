import { type Expression, type Kysely, PostgresAdapter, type RawBuilder, type Simplify } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';

/**
 * What differs between the two engines, asked of the query builder itself (a transaction too):
 * the few places that write engine-specific SQL branch here.
 */

/** The database behind `db` is PostgreSQL (else SQLite). */
export const isPostgres = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A subquery's rows as one JSON array column, so that a record and its children come back in one
 * statement (an order with its lines, payments and history). SQLite's form needs the subquery's
 * columns named (no `selectAll`). Read the column with `jsonRows`.
 */
export function jsonRowsFrom<DB, O>(db: Kysely<DB>, query: Expression<O>) {
  return (
    isPostgres(db) ? postgresJsonArray(query) : sqliteJsonArray(query as Parameters<typeof sqliteJsonArray<O>>[0])
  ) as RawBuilder<Simplify<O>[]>;
}

/** The rows of a `jsonRowsFrom` column: PostgreSQL's driver parses JSON, SQLite's hands back text. */
export const jsonRows = <T>(value: T[] | string): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);
