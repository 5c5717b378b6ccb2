import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { ChatSessionsTable } from '../db/schema';

/** The columns of a test conversation beyond its visitor and its times. */
type SessionColumns = Omit<Insertable<ChatSessionsTable>, 'tourist_id' | 'sort_time' | 'created_at'>;

/**
 * A visitor seen at `at` (the shopper's chat identity when `userId` is given, else a guest) and a
 * conversation of theirs started then, with `session`'s columns. Answers the ids of both.
 */
export async function visitorConversation(
  db: Db,
  visitor: { at: number; userId?: number | null; nickname?: string },
  session: SessionColumns,
) {
  const { at } = visitor;
  const tourist = await db
    .insertInto('chat_tourists')
    .values({
      user_id: visitor.userId ?? null,
      nickname: visitor.nickname ?? 'Visitor',
      avatar: '',
      language: 'en-us',
      last_seen_at: at,
      created_at: at,
      invited_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await db
    .insertInto('chat_sessions')
    .values({ ...session, tourist_id: tourist.id, sort_time: at, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { touristId: tourist.id, sessionId: created.id };
}
