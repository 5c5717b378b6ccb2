import { type Kysely, sql } from 'kysely';
import { isPostgres } from './columns';

/**
 * Nothing money touched is ever deleted by a cascade: an order no longer goes with its shopper,
 * and an order's lines, payments, status history and tracking no longer go with the order. A
 * delete that would orphan them is refused by the database instead (no action), so removing a
 * shopper with an order history fails until the history is dealt with on purpose.
 *
 * PostgreSQL swaps each foreign key in place. SQLite cannot alter a foreign key: each table is
 * rebuilt from its own stored definition with the cascade taken out, its rows copied, its
 * indexes made again, with foreign keys off (a drop would otherwise delete the children) and the
 * whole rebuild in one transaction checked by `foreign_key_check` before it commits.
 */

/** [table, column, parent]: parents first, so each rebuild finds its parent in place. */
const KEYS = [
  ['orders', 'user_id', 'users'],
  ['order_items', 'order_id', 'orders'],
  ['order_payments', 'order_id', 'orders'],
  ['order_status_history', 'order_id', 'orders'],
  ['order_tracking_events', 'order_id', 'orders'],
] as const;

type Action = 'cascade' | 'no action';

export async function up(db: Kysely<unknown>): Promise<void> {
  await setDeleteAction(db, 'no action');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await setDeleteAction(db, 'cascade');
}

async function setDeleteAction(db: Kysely<unknown>, action: Action) {
  if (isPostgres(db)) {
    for (const [table, column, parent] of KEYS) await swapPostgresKey(db, table, column, parent, action);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const [table, , parent] of KEYS) await rebuildSqliteTable(trx, table, parent, action);
      const { rows } = await sql`pragma foreign_key_check`.execute(trx);
      if (rows.length) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function swapPostgresKey(db: Kysely<unknown>, table: string, column: string, parent: string, action: Action) {
  const { rows } = await sql<{ conname: string }>`
    select c.conname from pg_constraint c
    where c.contype = 'f' and c.conrelid = ${table}::regclass and c.confrelid = ${parent}::regclass`.execute(db);
  for (const { conname } of rows) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(conname)}`.execute(db);
  }
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_fkey`)}
    foreign key (${sql.id(column)}) references ${sql.table(parent)} (id) on delete ${sql.raw(action)}`.execute(db);
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: string, parent: string, action: Action) {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('table', 'index', 'trigger')`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  if (!definition) throw new Error(`no table ${table}`);
  const reference = new RegExp(
    `(references\\s+"?${parent}"?\\s*\\("?id"?\\))(\\s+on\\s+delete\\s+(cascade|no\\s+action|restrict))?`,
    'i',
  );
  if (!reference.test(definition)) throw new Error(`${table} has no foreign key to ${parent}`);
  const rebuilt = definition
    .replace(reference, action === 'cascade' ? '$1 on delete cascade' : '$1')
    .replace(new RegExp(`^create\\s+table\\s+"?${table}"?`, 'i'), `create table "${table}_rebuilt"`);
  await sql.raw(rebuilt).execute(db);
  // The autoincrement counter too: an id once used (by a row deleted since) is never used again.
  const { rows: counter } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  await sql.raw(`insert into "${table}_rebuilt" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(db);
  const seq = counter[0]?.seq;
  if (seq !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = ${table}`.execute(db);
  // Indexes (autoindexes of unique constraints have no SQL: the definition made them again) and triggers.
  for (const row of rows) if (row.type !== 'table' && row.sql) await sql.raw(row.sql).execute(db);
}
