import type { Kysely } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Domain events through a transactional outbox (decision 0021): `event_outbox` holds each event
 * written in the transaction of the change it reports, until every subscriber has handled it;
 * `handled_events` remembers which subscriber handled which event, so a second delivery is
 * ignored. The mail queue, until now `outbox`, becomes `mail_outbox` with a time before which a
 * message is not tried again. `job_locks` keeps each background job's last run and last error
 * (decision 0022).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('event_outbox'))
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('occurred_at', time, (c) => c.notNull())
    .addColumn('available_at', time, (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('dispatched_at', time)
    .execute();
  await db.schema.createIndex('event_outbox_due').on('event_outbox').columns(['status', 'available_at']).execute();

  await db.schema
    .createTable('handled_events')
    .addColumn('subscriber', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('event_outbox.id').onDelete('cascade'))
    .addColumn('handled_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('handled_events_pk', ['subscriber', 'event_id'])
    .execute();
  await db.schema.createIndex('handled_events_event').on('handled_events').column('event_id').execute();

  await db.schema.alterTable('outbox').renameTo('mail_outbox').execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('available_at', time, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('outbox_status').execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'available_at']).execute();

  for (const [column, type] of [
    ['last_run_at', time],
    ['last_duration_ms', 'integer'],
    ['last_success_at', time],
    ['last_error', 'text'],
    ['last_error_at', time],
  ] as const) {
    await db.schema.alterTable('job_locks').addColumn(column, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['last_error_at', 'last_error', 'last_success_at', 'last_duration_ms', 'last_run_at']) {
    await db.schema.alterTable('job_locks').dropColumn(column).execute();
  }
  await db.schema.dropIndex('mail_outbox_due').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('available_at').execute();
  await db.schema.alterTable('mail_outbox').renameTo('outbox').execute();
  await db.schema.createIndex('outbox_status').on('outbox').columns(['status', 'id']).execute();
  await db.schema.dropTable('handled_events').execute();
  await db.schema.dropTable('event_outbox').execute();
}
