import { type Kysely, sql } from 'kysely';

/**
 * A visitor has at most one open (queued or active) conversation. Two tabs asking for service at
 * the same instant could each open one; the unique index now lets only the first through.
 * Conversations opened twice before this change keep their newest; the others are closed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update chat_sessions set status = 'closed'
    where status in ('queued', 'active')
      and id not in (select max(id) from chat_sessions where status in ('queued', 'active') group by tourist_id)
  `.execute(db);
  await sql`
    create unique index chat_sessions_one_open_per_tourist
    on chat_sessions (tourist_id) where status in ('queued', 'active')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index chat_sessions_one_open_per_tourist`.execute(db);
}
