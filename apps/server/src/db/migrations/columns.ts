import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-incrementing integer primary key named id, in each engine's own words. */
export function idColumn<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Epoch milliseconds: bigint on both engines, read back as a JS number (decision 0001). */
export const time = 'bigint' as const;
