import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorConversation } from '../chat/visitors.testing';
import { JOB } from '../jobs';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { emit } from './events';
import { createJobRunner, type JobStatus } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the job registry', () => {
  it('declares every background job once, with its interval or its start-up run, and its lock', () => {
    const jobs = t.app.services.jobs.jobs;
    expect(jobs.map((job) => job.name).sort()).toEqual(Object.values(JOB).sort());
    for (const job of jobs) {
      expect(job.everyMs !== undefined || job.atStart === true, job.name).toBe(true);
      expect(job.lockTtlMs, job.name).toBeGreaterThanOrEqual(job.everyMs ?? 0);
    }
  });

  it('runs a job on one instance at a time: a second run while the first holds the lock does nothing', async () => {
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const definition = {
      name: 'held-job',
      everyMs: 1_000,
      lockTtlMs: 60_000,
      run: async () => {
        started();
        await held;
        return { done: 1 };
      },
      backlog: async () => 0,
    };
    // two instances' runners on one database
    const one = createJobRunner({ db: t.database.db, log: t.app.log, jobs: [definition] });
    const two = createJobRunner({ db: t.database.db, log: t.app.log, jobs: [definition] });
    const first = one.run('held-job');
    await running;
    expect(await two.run('held-job')).toBeNull();
    expect((await two.status())[0]?.running).toBe(true);
    finish();
    expect(await first).toEqual({ done: 1 });
    expect(await two.run('held-job')).toEqual({ done: 1 });
  });

  it('keeps the last run of each registered job, wherever it ran', async () => {
    const before = Date.now();
    expect(await t.app.services.jobs.run(JOB.orderCompletion)).toEqual({ completed: 0 });
    const [status] = (await t.app.services.jobs.status()).filter((job) => job.name === JOB.orderCompletion);
    expect(status).toMatchObject({ running: false, last_error: null, backlog: 0, every_ms: 600_000 });
    expect(status?.last_run_at).toBeGreaterThanOrEqual(before);
    expect(status?.last_success_at).toBeGreaterThanOrEqual(status?.last_run_at ?? 0);
    expect(status?.last_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('wakes snoozed conversations whose time has come, and counts those waiting', async () => {
    const db = t.database.db;
    const at = Date.now();
    // a visitor's conversation, snoozed until `until`
    const snoozed = async (until: number) =>
      (await visitorConversation(db, { at }, { csr_id: null, status: 'queued', state: 'snoozed', snoozed_until: until }))
        .sessionId;
    const due = await snoozed(at + 1_000);
    const later = await snoozed(at + 60_000);
    const backlog = async (now: number) =>
      (await t.app.services.jobs.status(now)).find((job) => job.name === JOB.chatSnoozeWake)?.backlog;
    expect(await backlog(at + 1_000)).toBe(1);
    expect(await t.app.services.jobs.run(JOB.chatSnoozeWake, at + 1_000)).toEqual({ woken: 1 });
    const states = await db.selectFrom('chat_sessions').select(['id', 'state']).where('id', 'in', [due, later]).execute();
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({ [due]: 'open', [later]: 'snoozed' });
    expect(await backlog(at + 1_000)).toBe(0);
  });

  it('keeps a run’s error, and the time of the last success after it', async () => {
    let broken = true;
    const runner = createJobRunner({
      db: t.database.db,
      log: t.app.log,
      jobs: [
        {
          name: 'sometimes-broken',
          everyMs: 1_000,
          lockTtlMs: 60_000,
          run: async () => {
            if (broken) throw new Error('the provider is unreachable');
            return { done: 1 };
          },
          backlog: async () => 7,
        },
      ],
    });
    await expect(runner.run('sometimes-broken')).rejects.toThrow('the provider is unreachable');
    let [status] = await runner.status();
    expect(status).toMatchObject({
      last_error: 'the provider is unreachable',
      last_success_at: null,
      backlog: 7,
      given_up: null,
    });
    expect(status?.last_error_at).toBeGreaterThan(0);
    broken = false;
    expect(await runner.run('sometimes-broken')).toEqual({ done: 1 });
    [status] = await runner.status();
    expect(status?.last_success_at).toBeGreaterThanOrEqual(status?.last_error_at ?? Number.POSITIVE_INFINITY);
    expect(status?.last_error).toBe('the provider is unreachable');
  });

  it('takes over the lock of an instance that died mid-run once it expires, and not before', async () => {
    await t.database.db
      .insertInto('job_locks')
      .values({ name: JOB.uploadExpiry, owner: 'an instance that died', locked_until: Date.now() + 60_000 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ owner: 'an instance that died', locked_until: Date.now() + 60_000 }))
      .execute();
    expect(await t.app.services.jobs.run(JOB.uploadExpiry)).toBeNull();
    expect((await t.app.services.jobs.status()).find((job) => job.name === JOB.uploadExpiry)?.running).toBe(true);
    await t.database.db
      .updateTable('job_locks')
      .set({ locked_until: Date.now() - 1 })
      .where('name', '=', JOB.uploadExpiry)
      .execute();
    expect(await t.app.services.jobs.run(JOB.uploadExpiry)).toEqual({ expired: 0 });
  });
});

describe('jobs on /healthz and /metrics', () => {
  it('/healthz shows the machine itself every job with its last run, last error and backlog', async () => {
    await t.database.db
      .transaction()
      .execute((trx) => emit(trx, 'order.paid', { order_id: 1, from_status: 1, to_status: 2, actor: 'payment' }, Date.now()));
    await t.app.services.jobs.run(JOB.mailDelivery);
    const response = await injectAs(t, null).get<{ database: string; jobs: JobStatus[] }>('/healthz');
    expect(response.status).toBe(200);
    const { jobs } = response.result;
    expect(jobs.map((job) => job.name).sort()).toEqual(Object.values(JOB).sort());
    expect(jobs.find((job) => job.name === JOB.eventDispatch)).toMatchObject({ backlog: 1, given_up: 0, every_ms: 2_000 });
    expect(jobs.find((job) => job.name === JOB.mailDelivery)).toMatchObject({ backlog: 0, given_up: 0, last_error: null });
    expect(jobs.find((job) => job.name === JOB.mailDelivery)?.last_run_at).toBeGreaterThan(0);
    expect(jobs.find((job) => job.name === JOB.paymentReconciliation)).toMatchObject({ at_start: true, every_ms: null });
  });

  it('/healthz tells anyone else only whether the shop is up', async () => {
    const response = await injectAs(t, null, { ip: '203.0.113.7' }).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.result).toEqual({ database: t.database.kind });
  });

  it('/metrics shows each job’s backlog, given-up work and last run', async () => {
    await t.app.services.jobs.run(JOB.eventDispatch);
    const text = (await injectAs(t, null).get('/metrics')).response.body;
    expect(text).toMatch(/^shop_job_backlog\{job="order-unpaid-expiry"\} 0$/m);
    expect(text).toMatch(/^shop_job_given_up\{job="event-dispatch"\} 0$/m);
    expect(text).toMatch(/^shop_job_last_success_timestamp_seconds\{job="event-dispatch"\} \d+/m);
  });
});

describe('jobs woken by commits (decision 0065)', () => {
  const paid = { order_id: 1, from_status: 1, to_status: 2, actor: 'payment' } as const;
  /** the events a test wrote, removed after it so that no other test finds them waiting */
  async function removeEventsAfter(id: number) {
    await t.database.db.deleteFrom('event_outbox').where('id', '>', id).execute();
  }
  const lastEventId = async () =>
    (
      await t.database.db
        .selectFrom('event_outbox')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0;

  it('hears of an insert into a watched table once it is committed: not before, not after a rollback, not for another table', async () => {
    const before = await lastEventId();
    const heard: string[] = [];
    const stop = t.database.onCommitted('event_outbox', () => heard.push('event_outbox'));
    try {
      await t.database.db.transaction().execute(async (trx) => {
        await emit(trx, 'order.paid', paid, Date.now());
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['event_outbox']);

      await expect(
        t.database.db.transaction().execute(async (trx) => {
          await emit(trx, 'order.paid', paid, Date.now());
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      expect(heard).toEqual(['event_outbox']);

      // outside a transaction the insert is its own commit
      await emit(t.database.db, 'order.paid', paid, Date.now());
      expect(heard).toEqual(['event_outbox', 'event_outbox']);

      await t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('job_locks')
          .values({ name: 'a table no one watches', owner: 'test', locked_until: 0 })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
        await trx.updateTable('event_outbox').set({ attempts: 0 }).where('id', '=', -1).execute();
      });
      expect(heard).toEqual(['event_outbox', 'event_outbox']);
    } finally {
      stop();
      await removeEventsAfter(before);
    }
    await emit(t.database.db, 'order.paid', paid, Date.now());
    await removeEventsAfter(before);
    expect(heard).toHaveLength(2);
  });

  it('runs a job soon after a commit writes its table, and once more when a commit lands during its run', async () => {
    const before = await lastEventId();
    const started: Array<() => void> = [];
    const nthRun = (n: number) => new Promise<void>((resolve) => (started[n] = resolve));
    const first = nthRun(1);
    const second = nthRun(2);
    let finishFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => (finishFirst = resolve));
    let runs = 0;
    const runner = createJobRunner({
      db: t.database.db,
      log: t.app.log,
      onCommitted: t.database.onCommitted,
      jobs: [
        {
          name: 'woken-job',
          wakeOn: ['event_outbox'],
          lockTtlMs: 60_000,
          run: async () => {
            runs += 1;
            started[runs]?.();
            if (runs === 1) await firstHeld;
            return { runs };
          },
          backlog: async () => 0,
        },
      ],
    });
    runner.start();
    try {
      // no tick and no start-up run: only the commit starts it
      await t.database.db.transaction().execute((trx) => emit(trx, 'order.paid', paid, Date.now()));
      await first;
      await t.database.db.transaction().execute((trx) => emit(trx, 'order.paid', paid, Date.now()));
      expect(runs).toBe(1);
      finishFirst();
      await second;
      expect(runs).toBe(2);
    } finally {
      await runner.stop();
      await removeEventsAfter(before);
    }
  });
});
