import { MessagePaths, type TMessageList } from '@shop/contracts/messages';
import type { Db } from '../db/database';
import { type DomainEvent, emit } from '../infra/events';
import { JOB } from '../jobs';
import type { Shopper } from './fixtures';
import { injectAs, type TestApp } from './harness';

/** Writes an event as its owner would, and answers its outbox row as a subscriber receives it. */
export async function emitted<T extends Parameters<typeof emit>[1]>(db: Db, type: T, payload: Parameters<typeof emit<T>>[2]) {
  const at = Date.now();
  await db.transaction().execute((trx) => emit(trx, type, payload, at));
  const row = await db
    .selectFrom('event_outbox')
    .selectAll()
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { id: row.id, type, payload, occurred_at: at } as DomainEvent;
}

/** The shopper's inbox in the app `t()` gives: events handed to their subscribers, the list as the API answers it, the rows. */
export function inboxOf(t: () => TestApp) {
  return {
    dispatch: () => t().app.services.jobs.run(JOB.eventDispatch),
    list: (shopper: Shopper, query: Record<string, unknown> = {}) =>
      injectAs(t(), shopper).post<TMessageList>(MessagePaths.list, query),
    rowsOf: (userId: number) =>
      t().database.db.selectFrom('user_messages').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  };
}
