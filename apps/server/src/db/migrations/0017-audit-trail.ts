import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, time } from './columns';

/**
 * The audit trail (decision 0036): one row per staff write — who, when, what, the object before
 * and after, and the reason where one is asked. Each row carries the hash of the row before it and
 * its own hash over both, so a changed or deleted row breaks the chain. Rows are append-only: the
 * database itself refuses an update or a delete. `audit_chain` holds the last hash on a single row
 * that every append locks, so appends line up one after another on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('audit_log'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('reason', 'varchar(500)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('prev_hash', 'char(64)', (c) => c.notNull())
    .addColumn('hash', 'char(64)', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'id']).execute();
  await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at']).execute();

  await db.schema
    .createTable('audit_chain')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_hash', 'char(64)', (c) => c.notNull())
    .execute();
  await sql`insert into audit_chain (id, last_hash) values (1, ${'0'.repeat(64)})`.execute(db);

  if (isPostgres(db)) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the audit trail is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'the audit trail is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'the audit trail is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists audit_log_no_update on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  }
  await db.schema.dropTable('audit_chain').execute();
  await db.schema.dropTable('audit_log').execute();
}
