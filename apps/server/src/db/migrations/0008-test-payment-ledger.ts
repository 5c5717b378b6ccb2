import type { Kysely } from 'kysely';
import { time } from './columns';

/**
 * The built-in test payment provider's own record of the attempts it received, keyed by the
 * idempotency key the shop sends, as a real provider keeps its charges on its side. It outlives a
 * crash of the shop, so the attempts a crash left pending can be looked up at the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_payment_ledger')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(100)', (c) => c.notNull())
    .addColumn('message', 'varchar(300)', (c) => c.notNull())
    .addColumn('card_last4', 'varchar(4)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_payment_ledger').execute();
}
