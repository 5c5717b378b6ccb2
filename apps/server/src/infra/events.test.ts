import type { DomainEventPayload } from '@shop/contracts/events';
import { OrderStatus, TEST_CARDS, type TOrderDetail } from '@shop/contracts/orders';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeAddress, makeCartLine, makeGoods, makeShopper, makeStaffToken, newKey, registration } from '../testing/fixtures';
import { injectAs } from '../testing/harness';
import { createEventDispatcher, type DomainEvent, EVENT_DELIVERY, type EventSubscriber, emit } from './events';
import { appWithSecondInstance } from './instances-testing';
import { retryDelayMs } from './retry';

const { app, second } = appWithSecondInstance();
beforeEach(async () => {
  await app().database.db.deleteFrom('handled_events').execute();
  await app().database.db.deleteFrom('event_outbox').execute();
});

const NOW = 1_800_000_000_000;

const registered = (userId: number): DomainEventPayload<'user.registered'> => ({
  user_id: userId,
  email: `user-${userId}@example.com`,
  first_name: 'Ada',
  marketing_consent: false,
  invited_by: null,
});

async function emitRegistered(count: number, at = NOW) {
  await app()
    .database.db.transaction()
    .execute(async (trx) => {
      for (let i = 1; i <= count; i++) await emit(trx, 'user.registered', registered(i), at);
    });
}

/** A subscriber to user.registered that counts what it is handed; `fail` decides, per call, whether it throws. */
function recorder(name: string, fail: (call: number) => boolean = () => false) {
  const handled: number[] = [];
  let calls = 0;
  const subscriber: EventSubscriber = {
    name,
    handles: ['user.registered'],
    async handle(event: DomainEvent) {
      calls += 1;
      if (fail(calls)) throw new Error(`${name} is down`);
      handled.push(event.id);
    },
  };
  return { subscriber, handled, calls: () => calls };
}

const outbox = () => app().database.db.selectFrom('event_outbox').selectAll().orderBy('id').execute();
const handledRows = () => app().database.db.selectFrom('handled_events').selectAll().execute();

describe('emit: an event is written with its change or not at all', () => {
  it('writes nothing, and dispatches nothing, when the change rolls back', async () => {
    await expect(
      app()
        .database.db.transaction()
        .execute(async (trx) => {
          await emit(trx, 'user.registered', registered(1), NOW);
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    const a = recorder('a');
    const dispatcher = createEventDispatcher({ db: app().database.db, subscribers: [a.subscriber] });
    expect(await dispatcher.dispatch(NOW)).toEqual({ delivered: 0, retried: 0, dead: 0 });
    expect(a.calls()).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it('refuses a payload its contract does not describe, and the change with it', async () => {
    await expect(
      app()
        .database.db.transaction()
        .execute(async (trx) => {
          await emit(trx, 'user.registered', { ...registered(1), email: '' }, NOW);
        }),
    ).rejects.toThrow();
    expect(await outbox()).toEqual([]);
  });
});

describe('dispatch: at least once, handled once per subscriber', () => {
  it('hands each event to every subscriber of its type once, and ignores a repeated delivery', async () => {
    await emitRegistered(3);
    const a = recorder('a');
    const b = recorder('b');
    const other: EventSubscriber = {
      name: 'other',
      handles: ['order.paid'],
      handle: async () => {
        throw new Error('never handed a user.registered');
      },
    };
    const dispatcher = createEventDispatcher({ db: app().database.db, subscribers: [a.subscriber, b.subscriber, other] });
    expect(await dispatcher.dispatch(NOW)).toEqual({ delivered: 3, retried: 0, dead: 0 });
    const events = await outbox();
    expect(a.handled).toEqual(events.map((event) => event.id));
    expect(b.handled).toEqual(events.map((event) => event.id));
    expect(events.every((event) => event.status === 'done' && event.dispatched_at === NOW)).toBe(true);

    // delivered again (as after a crash before the event was marked done): no subscriber handles it twice
    await app().database.db.updateTable('event_outbox').set({ status: 'pending', available_at: NOW }).execute();
    expect(await dispatcher.dispatch(NOW + 1)).toEqual({ delivered: 3, retried: 0, dead: 0 });
    expect(a.calls()).toBe(3);
    expect(b.calls()).toBe(3);
    expect(await handledRows()).toHaveLength(6);
    expect(await dispatcher.dispatch(NOW + 2)).toEqual({ delivered: 0, retried: 0, dead: 0 });
  });

  it('hands the subscriber the payload as the contract parses it', async () => {
    await emitRegistered(1);
    const seen: DomainEvent[] = [];
    const dispatcher = createEventDispatcher({
      db: app().database.db,
      subscribers: [{ name: 'seer', handles: ['user.registered'], handle: async (event) => void seen.push(event) }],
    });
    await dispatcher.dispatch(NOW);
    expect(seen).toEqual([{ id: expect.any(Number), type: 'user.registered', payload: registered(1), occurred_at: NOW }]);
  });

  it('finishes an event no one subscribes to at once', async () => {
    await app()
      .database.db.transaction()
      .execute((trx) => emit(trx, 'order.paid', { order_id: 1, from_status: 1, to_status: 2, actor: 'payment' }, NOW));
    const dispatcher = createEventDispatcher({ db: app().database.db, subscribers: [recorder('a').subscriber] });
    await dispatcher.dispatch(NOW);
    expect((await outbox()).map((event) => event.status)).toEqual(['done']);
    expect(await dispatcher.backlog()).toBe(0);
  });
});

describe('dispatch: failures', () => {
  it('tries a failing subscriber again after its backoff, without asking the others again', async () => {
    await emitRegistered(1);
    const steady = recorder('steady');
    const flaky = recorder('flaky', (call) => call <= 2);
    const dispatcher = createEventDispatcher({ db: app().database.db, subscribers: [steady.subscriber, flaky.subscriber] });

    expect(await dispatcher.dispatch(NOW)).toEqual({ delivered: 0, retried: 1, dead: 0 });
    let [event] = await outbox();
    const first = NOW + retryDelayMs(1, EVENT_DELIVERY.retry);
    expect(event).toMatchObject({ status: 'pending', attempts: 1, available_at: first, last_error: 'flaky: flaky is down' });
    expect(await dispatcher.backlog()).toBe(1);

    // not before its time
    expect(await dispatcher.dispatch(first - 1)).toEqual({ delivered: 0, retried: 0, dead: 0 });
    expect(flaky.calls()).toBe(1);

    expect(await dispatcher.dispatch(first)).toEqual({ delivered: 0, retried: 1, dead: 0 });
    [event] = await outbox();
    const secondTry = first + retryDelayMs(2, EVENT_DELIVERY.retry);
    expect(secondTry - first).toBe(2 * (first - NOW));
    expect(event).toMatchObject({ status: 'pending', attempts: 2, available_at: secondTry });

    expect(await dispatcher.dispatch(secondTry)).toEqual({ delivered: 1, retried: 0, dead: 0 });
    [event] = await outbox();
    expect(event).toMatchObject({ status: 'done', attempts: 3, last_error: null, dispatched_at: secondTry });
    expect(steady.calls()).toBe(1);
    expect(flaky.calls()).toBe(3);
    expect(flaky.handled).toEqual([event?.id]);
  });

  it('gives up after the last attempt: the event is kept, dead, with its last error, and can be offered again', async () => {
    await emitRegistered(1);
    let broken = true;
    const mail = recorder('mail', () => broken);
    const dispatcher = createEventDispatcher({ db: app().database.db, subscribers: [mail.subscriber] });
    let at = NOW;
    for (let attempt = 1; attempt <= EVENT_DELIVERY.maxAttempts; attempt++) {
      const report = await dispatcher.dispatch(at);
      expect(report).toEqual(
        attempt < EVENT_DELIVERY.maxAttempts ? { delivered: 0, retried: 1, dead: 0 } : { delivered: 0, retried: 0, dead: 1 },
      );
      at += retryDelayMs(attempt, EVENT_DELIVERY.retry);
    }
    const [event] = await outbox();
    expect(event).toMatchObject({ status: 'dead', attempts: EVENT_DELIVERY.maxAttempts, last_error: 'mail: mail is down' });
    expect(await dispatcher.dead()).toBe(1);
    expect(await dispatcher.backlog()).toBe(0);
    // a day later nothing has tried it again
    expect(await dispatcher.dispatch(at + 86_400_000)).toEqual({ delivered: 0, retried: 0, dead: 0 });
    expect(mail.calls()).toBe(EVENT_DELIVERY.maxAttempts);

    broken = false;
    expect(await dispatcher.revive(event?.id ?? 0, at)).toBe(true);
    expect(await dispatcher.dispatch(at)).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(mail.handled).toEqual([event?.id]);
    expect(await dispatcher.dead()).toBe(0);
  });

  it('loses nothing when the dispatcher dies mid-dispatch: after the lease the next one finishes, each subscriber once', async () => {
    await emitRegistered(1);
    const a = recorder('a');
    const b = recorder('b');
    const dying = createEventDispatcher({ db: app().database.db, subscribers: [a.subscriber, b.subscriber] });
    const {
      events: [claimed],
    } = await dying.claimDue(NOW);
    if (!claimed) throw new Error('the event was not claimed');
    expect(await dying.deliver(a.subscriber, claimed.row, NOW)).toBe(true);
    // killed inside b's transaction: its work and its handled row go together
    const crashing: EventSubscriber = {
      ...b.subscriber,
      handle: async () => {
        throw new Error('killed');
      },
    };
    await expect(dying.deliver(crashing, claimed.row, NOW)).rejects.toThrow('killed');
    // … and never settles the event.

    const next = createEventDispatcher({ db: app().database.db, subscribers: [a.subscriber, b.subscriber] });
    // the claim still holds it
    expect(await next.dispatch(NOW + EVENT_DELIVERY.leaseMs - 1)).toEqual({ delivered: 0, retried: 0, dead: 0 });
    expect(await next.dispatch(NOW + EVENT_DELIVERY.leaseMs)).toEqual({ delivered: 1, retried: 0, dead: 0 });
    expect(a.calls()).toBe(1);
    expect(b.calls()).toBe(1);
    expect((await handledRows()).map((row) => row.subscriber).sort()).toEqual(['a', 'b']);
    expect((await outbox())[0]).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('dispatch: two dispatchers at once', () => {
  const run = async (leaseMs: number) => {
    await emitRegistered(40);
    const counts = new Map<string, number>();
    const counting = (name: string): EventSubscriber => ({
      name,
      handles: ['user.registered'],
      handle: async (event) => {
        counts.set(`${name}:${event.id}`, (counts.get(`${name}:${event.id}`) ?? 0) + 1);
      },
    });
    const subscribers = [counting('a'), counting('b')];
    const policy = { leaseMs, batch: 7 };
    const one = createEventDispatcher({ db: app().database.db, subscribers, policy });
    const two = createEventDispatcher({ db: (second() ?? app()).database.db, subscribers, policy });
    await Promise.all([one.dispatch(NOW), two.dispatch(NOW), one.dispatch(NOW), two.dispatch(NOW)]);
    // and the next pass, for any event a claim still held when the others ended
    await one.dispatch(NOW + EVENT_DELIVERY.leaseMs);
    const events = await outbox();
    expect(events.every((event) => event.status === 'done')).toBe(true);
    expect(counts.size).toBe(80);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(await handledRows()).toHaveLength(80);
  };

  it('deliver each event once per subscriber', async () => {
    await run(EVENT_DELIVERY.leaseMs);
  });

  it('deliver each event once per subscriber even when a claim gives no lease, so both hold the same event', async () => {
    await run(0);
  });
});

describe('the shop emits its events in the transaction of each change', () => {
  it('register, place, pay, ship, receive and cancel each write their events', async () => {
    const email = `events-${newKey()}@example.com`.toLowerCase();
    const registered = await injectAs(app(), null).post('/shop/login/register', registration({ email }));
    expect(registered.code).toBe(200);
    const user = await app().database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();

    const shopper = await makeShopper(app());
    const admin = await makeStaffToken(app(), 'admin');
    const { skuIds } = await makeGoods(app().database.db, { name: 'Event Linen Shirt', price_cents: 3900, stock: 10 });
    const addressId = await makeAddress(app().database.db, shopper.id);
    const place = async () => {
      const cartId = await makeCartLine(app().database.db, shopper.id, skuIds[0] as number, 1);
      const created = await injectAs(app(), shopper, {
        headers: {
          'idempotency-key': newKey(),
        },
      }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: [cartId] });
      expect(created.status).toBe(200);
      return created.result;
    };
    const kept = await place();
    const card = {
      number: TEST_CARDS.success,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Ada Lovelace',
    };
    expect(
      (
        await injectAs(app(), shopper, { headers: { 'idempotency-key': newKey() } }).post('/shop/order/pay', {
          id: kept.id,
          card,
        })
      ).status,
    ).toBe(200);
    expect(
      (await injectAs(app(), admin).post('/admin/order/ship', { id: kept.id, company_code: 'ups', tracking_no: '1Z999' })).status,
    ).toBe(200);
    expect((await injectAs(app(), shopper).post('/shop/order/receive', { id: kept.id })).status).toBe(200);
    const dropped = await place();
    expect((await injectAs(app(), shopper).post('/shop/order/cancel', { id: dropped.id })).status).toBe(200);

    const events = (await outbox()).map((event) => ({ type: event.type, payload: JSON.parse(event.payload) }));
    expect(events).toEqual([
      {
        type: 'user.registered',
        payload: { user_id: user.id, email, first_name: 'Ada', marketing_consent: true, invited_by: null },
      },
      // the code that verifies the new account's address
      {
        type: 'user.email_code_issued',
        payload: {
          email,
          purpose: 'verify',
          code: expect.stringMatching(/^\d{6}$/),
          expires_at: expect.any(Number),
          account: true,
        },
      },
      { type: 'order.placed', payload: { order_id: kept.id, user_id: shopper.id, pay_price: expect.any(Number) } },
      {
        type: 'order.paid',
        payload: {
          order_id: kept.id,
          from_status: OrderStatus.PendingPayment,
          to_status: OrderStatus.PendingShipment,
          actor: 'payment',
        },
      },
      { type: 'order.shipped', payload: expect.objectContaining({ order_id: kept.id, to_status: OrderStatus.Shipped }) },
      {
        type: 'order.delivered',
        payload: expect.objectContaining({ order_id: kept.id, to_status: OrderStatus.Completed, actor: 'shopper' }),
      },
      { type: 'order.completed', payload: expect.objectContaining({ order_id: kept.id, to_status: OrderStatus.Completed }) },
      { type: 'order.placed', payload: expect.objectContaining({ order_id: dropped.id }) },
      { type: 'order.cancelled', payload: expect.objectContaining({ order_id: dropped.id, to_status: OrderStatus.Cancelled }) },
    ]);
  });
});
