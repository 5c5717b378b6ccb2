import { DOMAIN_EVENTS, type DomainEventPayload, type DomainEventType, isDomainEventType } from '@shop/contracts/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { EventOutboxTable } from '../db/schema';
import { errorText, retryDelayMs } from './retry';

/** An event as its subscribers receive it: the payload parsed by the contracts' schema. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: number; type: K; payload: DomainEventPayload<K>; occurred_at: number };
}[T];

/**
 * Writes an event in the caller's transaction, so it exists if and only if the change it reports
 * commits. The payload is checked against the contracts' schema first: a malformed event fails
 * the change that tried to write it, never a subscriber later.
 */
export async function emit<T extends DomainEventType>(
  trx: Db,
  type: T,
  payload: DomainEventPayload<T>,
  at: number,
  /** not handed out before this time (a batch that gathers for a while); at once by default */
  dueAt = at,
) {
  const parsed = DOMAIN_EVENTS[type].parse(payload);
  await trx
    .insertInto('event_outbox')
    .values({ type, payload: JSON.stringify(parsed), occurred_at: at, available_at: dueAt, status: 'pending', attempts: 0 })
    .execute();
}

/**
 * One party interested in some events. `handle` runs in a transaction that also records the
 * event as handled by this subscriber: both commit or neither does, and an event the subscriber
 * has handled is never handed to it again. Work outside the database (a call to another service)
 * may run again after a crash, so it must tolerate a repeat (use the event id as its key).
 */
export type EventSubscriber = {
  /** kept in handled_events: never rename a subscriber that has handled events */
  name: string;
  handles: readonly DomainEventType[];
  /** `now` is the dispatcher's time */
  handle: (event: DomainEvent, trx: Db, now: number) => Promise<void>;
  /**
   * The handler works through another service's own transactions (the chat's message writer), so
   * it runs outside the dispatcher's: given the database, before the handled row is written. It
   * must make a repeat harmless by itself (a client id from the event, say).
   */
  ownTransactions?: boolean;
};

export const EVENT_DELIVERY = {
  /** after this many attempts an event is dead: kept with its last error, tried no more */
  maxAttempts: 10,
  /** a claimed event is not offered to another dispatcher for this long (a dispatcher that died frees it then) */
  leaseMs: 60_000,
  retry: { baseMs: 5_000, maxMs: 3_600_000 },
  batch: 100,
  /** batches in one pass at most, so a pass ends */
  batchesPerPass: 10,
  /** events every subscriber handled are deleted this long after (checked once an hour) */
  keepDoneMs: 30 * 86_400_000,
  pruneEveryMs: 3_600_000,
};

type Row = Selectable<EventOutboxTable>;
/** An event this dispatcher holds: `attempts` counts this claim. */
export type ClaimedEvent = { row: Row; attempts: number };
export type DispatchReport = { delivered: number; retried: number; dead: number };

/**
 * Delivers the outbox's events to their subscribers, at least once each; a subscriber's
 * handled_events row makes it once in effect. Safe to run on several instances at once (the
 * job lock normally lets one run): an event is claimed by a conditional update before it is
 * handed out, and a subscriber's handled row is unique.
 */
export function createEventDispatcher(options: {
  db: Db;
  subscribers: EventSubscriber[];
  log?: FastifyBaseLogger;
  policy?: Partial<typeof EVENT_DELIVERY>;
}) {
  const { db, log } = options;
  const policy = { ...EVENT_DELIVERY, ...options.policy };
  const byType = new Map<string, EventSubscriber[]>();
  for (const subscriber of options.subscribers) {
    for (const type of subscriber.handles) byType.set(type, [...(byType.get(type) ?? []), subscriber]);
  }
  const subscribed = [...byType.keys()];

  let prunedAt = Number.NEGATIVE_INFINITY;

  /**
   * Events no one subscribes to are done at once; then up to a batch of due events are claimed.
   * `more` when the batch was full: more may be due.
   */
  async function claimDue(now: number): Promise<{ events: ClaimedEvent[]; more: boolean }> {
    await db
      .updateTable('event_outbox')
      .set({ status: 'done', dispatched_at: now })
      .where('status', '=', 'pending')
      .$if(subscribed.length > 0, (qb) => qb.where('type', 'not in', subscribed))
      .execute();
    // One statement claims the batch: the conditions are checked again on each row as it is
    // updated, so of two dispatchers at once only one takes an event (unless its lease is 0).
    const rows = await db
      .updateTable('event_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), available_at: now + policy.leaseMs }))
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('event_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('available_at', '<=', now)
          .orderBy('id')
          .limit(policy.batch),
      )
      .where('status', '=', 'pending')
      .where('available_at', '<=', now)
      .returningAll()
      .execute();
    const claimed = rows.sort((x, y) => x.id - y.id).map((row) => ({ row, attempts: row.attempts }));
    return { events: claimed, more: claimed.length === policy.batch };
  }

  /** Hands the event to one subscriber in a transaction with its handled row; false when it had it already. */
  async function deliver(subscriber: EventSubscriber, row: Row, now: number): Promise<boolean> {
    const event = parse(row);
    if (subscriber.ownTransactions) {
      const handled = await db
        .selectFrom('handled_events')
        .select('event_id')
        .where('subscriber', '=', subscriber.name)
        .where('event_id', '=', row.id)
        .executeTakeFirst();
      if (handled) return false;
      await subscriber.handle(event, db, now);
      await db
        .insertInto('handled_events')
        .values({ subscriber: subscriber.name, event_id: row.id, handled_at: now })
        .onConflict((oc) => oc.columns(['subscriber', 'event_id']).doNothing())
        .execute();
      return true;
    }
    return db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('handled_events')
        .values({ subscriber: subscriber.name, event_id: row.id, handled_at: now })
        .onConflict((oc) => oc.columns(['subscriber', 'event_id']).doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await subscriber.handle(event, trx, now);
      return true;
    });
  }

  /** Marks a claimed event done, or due again after its backoff, or dead after the last attempt. */
  async function settle(claimed: ClaimedEvent, failures: string[], now: number): Promise<'done' | 'retry' | 'dead'> {
    const outcome = failures.length === 0 ? 'done' : claimed.attempts >= policy.maxAttempts ? 'dead' : 'retry';
    await db
      .updateTable('event_outbox')
      .set(
        outcome === 'done'
          ? { status: 'done', dispatched_at: now, last_error: null }
          : {
              status: outcome === 'dead' ? 'dead' : 'pending',
              available_at: now + retryDelayMs(claimed.attempts, policy.retry),
              last_error: failures.join('\n').slice(0, 2000),
            },
      )
      .where('id', '=', claimed.row.id)
      .where('attempts', '=', claimed.attempts)
      .where('status', '=', 'pending')
      .execute();
    return outcome;
  }

  /** Every subscriber of the event, each on its own: one failing does not hold back the others. */
  async function deliverToAll(claimed: ClaimedEvent, now: number) {
    const failures: string[] = [];
    for (const subscriber of byType.get(claimed.row.type) ?? []) {
      try {
        await deliver(subscriber, claimed.row, now);
      } catch (error) {
        failures.push(`${subscriber.name}: ${errorText(error)}`);
        log?.warn(
          { err: error, event: claimed.row.id, type: claimed.row.type, subscriber: subscriber.name },
          'event subscriber failed',
        );
      }
    }
    return settle(claimed, failures, now);
  }

  return {
    claimDue,
    deliver,
    settle,

    /** One pass: claims due events and delivers them, batch after batch; prunes what is long done. */
    async dispatch(now: number): Promise<DispatchReport> {
      const report: DispatchReport = { delivered: 0, retried: 0, dead: 0 };
      for (let batch = 0; batch < policy.batchesPerPass; batch++) {
        const { events, more } = await claimDue(now);
        for (const event of events) {
          const outcome = await deliverToAll(event, now);
          if (outcome === 'done') report.delivered += 1;
          else if (outcome === 'retry') report.retried += 1;
          else report.dead += 1;
        }
        if (!more) break;
      }
      if (now - prunedAt >= policy.pruneEveryMs) {
        prunedAt = now;
        // their handled_events rows go with them (on delete cascade)
        await db
          .deleteFrom('event_outbox')
          .where('status', '=', 'done')
          .where('dispatched_at', '<', now - policy.keepDoneMs)
          .execute();
      }
      return report;
    },

    /** Events not yet handled by all their subscribers (including those waiting to be tried again). */
    backlog: () => countWhere(db, 'pending'),
    /** Events given up on after the last attempt, kept with their last error. */
    dead: () => countWhere(db, 'dead'),

    /** Offers a dead event again from its first attempt (subscribers that handled it are not asked again). */
    async revive(eventId: number, now: number): Promise<boolean> {
      const revived = await db
        .updateTable('event_outbox')
        .set({ status: 'pending', attempts: 0, available_at: now })
        .where('id', '=', eventId)
        .where('status', '=', 'dead')
        .executeTakeFirst();
      return Number(revived.numUpdatedRows) === 1;
    },
  };
}

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;

async function countWhere(db: Db, status: 'pending' | 'dead') {
  const row = await db
    .selectFrom('event_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function parse(row: Row): DomainEvent {
  if (!isDomainEventType(row.type)) throw new Error(`unknown event type ${row.type}`);
  const payload = DOMAIN_EVENTS[row.type].parse(JSON.parse(row.payload));
  return { id: row.id, type: row.type, payload, occurred_at: row.occurred_at } as DomainEvent;
}
