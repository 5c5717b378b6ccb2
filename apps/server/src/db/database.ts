import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { checkpointInBackground } from './checkpointer';
import { type CommitSignal, createCommitSignal } from './commit-signal';
import { migrations } from './migrations/index';
import { createStatementNames } from './pg-statements';
import type { Database } from './schema';
import { withTextGuard } from './text-guard';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

/** A query as Kysely reports it once run: its operation node's kind, how long it took, whether it failed. */
export type QueryEvent = { nodeKind: string; ms: number; failed: boolean };

export type DatabaseHandle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** Calls `listener` after every query (the app's metrics); returns the function that stops it. */
  observeQueries: (listener: (event: QueryEvent) => void) => () => void;
  /** Calls `listener` after each commit in this process that inserted into `table` (commit-signal.ts). */
  onCommitted: CommitSignal['onCommitted'];
  /** the PostgreSQL pool's connections; absent on SQLite, which has one */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
};

/** Kysely's query log, handed to whoever observes the queries; nothing is done while no one does. */
function queryObservers() {
  const listeners = new Set<(event: QueryEvent) => void>();
  const log = (event: LogEvent) => {
    if (listeners.size === 0) return;
    const observed = { nodeKind: event.query.query.kind, ms: event.queryDurationMillis, failed: event.level === 'error' };
    for (const listener of listeners) listener(observed);
  };
  const observeQueries = (listener: (event: QueryEvent) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return { log, observeQueries };
}

// int8 (bigint) columns hold epoch milliseconds and counters that stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens the database; text parameters pass the text guard (text-guard.ts) on both engines. */
export function openDatabase(database: Config['database']): DatabaseHandle {
  const { log, observeQueries } = queryObservers();
  const commits = createCommitSignal();
  const onCommitted = commits.onCommitted;
  if (database.kind === 'postgres') {
    const max = 10;
    const pool = new pg.Pool({ connectionString: database.url, max });
    // An idle connection the server ends (a restart, a failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const statements = createStatementNames();
    pool.on('connect', (client) => statements.install(client));
    const db = new Kysely<Database>({ dialect: commits.wrap(withTextGuard(new PostgresDialect({ pool }))), log });
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      observeQueries,
      onCommitted,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }
  if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const stopCheckpoints = database.file === ':memory:' ? async () => {} : checkpointInBackground(sqlite, database.file);
  const db = new Kysely<Database>({
    dialect: commits.wrap(withTextGuard(new SqliteDialect({ database: withStatementCache(sqlite) }))),
    log,
  });
  return {
    db,
    kind: 'sqlite',
    observeQueries,
    onCommitted,
    close: async () => {
      await stopCheckpoints();
      await db.destroy();
    },
  };
}

/** Prepared statements kept per SQL text; past this many distinct texts the oldest are dropped. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and on a hot path (a chat message, a listing page) SQLite
 * spends as long preparing as running. The same SQL text reuses its statement here. Kysely's
 * SQLite driver runs one query at a time on its one connection, so a statement is never in use
 * twice at once.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // Map order is insertion order: moving a hit to the end keeps the least recently used first.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value as string;
          statements.delete(oldest);
        }
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/** Applies every pending migration. Kysely's migrator holds a lock, so concurrent instances apply each once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** SQLite's own integrity check, or a trivial query on PostgreSQL. */
export async function checkIntegrity(handle: DatabaseHandle): Promise<boolean> {
  if (handle.kind === 'sqlite') {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
    return rows[0]?.integrity_check === 'ok';
  }
  await sql`select 1`.execute(handle.db);
  return true;
}
