import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  Kysely,
  type LimitNode,
  type LogEvent,
  Migrator,
  type OffsetNode,
  type OperationNode,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  SqliteQueryCompiler,
  sql,
  ValueNode,
} from 'kysely';
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
    dialect: commits.wrap(withTextGuard(withLiteralLimits(new SqliteDialect({ database: withStatementCache(sqlite) })))),
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

/** A limit or offset given as a whole number, which may be written into the SQL text as it is. */
const wholeNumber = (node: OperationNode): number | undefined =>
  ValueNode.is(node) && Number.isSafeInteger(node.value) && (node.value as number) >= 0 ? (node.value as number) : undefined;

/**
 * SQLite's planner reads the value bound to a LIMIT or OFFSET (a sorter keeps only the first rows),
 * so it marks such a statement to be prepared again whenever that value is bound again — before
 * every run, since each run binds its values afresh. On the bag's page that re-preparing cost more
 * than the query. Written into the SQL text instead, a whole-number limit and offset leave the
 * statement prepared once (`withStatementCache`); each page size and page is a text of its own.
 */
class SqliteCompilerWithLiteralLimits extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = wholeNumber(node.limit);
    if (limit === undefined) super.visitLimit(node);
    else this.append(`limit ${limit}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    const offset = wholeNumber(node.offset);
    if (offset === undefined) super.visitOffset(node);
    else this.append(`offset ${offset}`);
  }
}

/** The SQLite dialect compiling whole-number limits and offsets into the text (`SqliteCompilerWithLiteralLimits`). */
export function withLiteralLimits(dialect: SqliteDialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => new SqliteCompilerWithLiteralLimits(),
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
