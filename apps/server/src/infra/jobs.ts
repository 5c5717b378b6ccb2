import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Metrics } from './metrics';
import { errorText } from './retry';

const instanceId = randomUUID();

/** A run woken by a commit starts at least this long after the job's previous run on this instance started. */
export const WAKE_GAP_MS = 200;

/**
 * Runs `work` only if this instance takes the job's lock (architecture "Scale-out": background
 * jobs take a database lock, so one instance runs each at a time). A lock whose holder died
 * expires after `ttlMs`. Returns `{ result }`, or null when another instance holds the lock. The
 * lock's row keeps the run: when it started, how long it took, and its success or its error. With
 * `metrics`, a run is counted with its time, and a run that throws (the work, or the lock's own
 * queries) as failed.
 */
export async function withJobLock<T>(
  db: Db,
  name: string,
  ttlMs: number,
  work: () => Promise<T>,
  metrics?: Metrics,
): Promise<{ result: T } | null> {
  const startedAt = Date.now();
  try {
    if (!(await takeLock(db, name, ttlMs, startedAt))) return null;
  } catch (error) {
    metrics?.jobFailures.inc({ job: name });
    throw error;
  }
  metrics?.jobRuns.inc({ job: name });
  const started = performance.now();
  let outcome: { result: T } | { error: unknown };
  try {
    outcome = { result: await work() };
  } catch (error) {
    outcome = { error };
    metrics?.jobFailures.inc({ job: name });
  }
  const ms = performance.now() - started;
  metrics?.jobDuration.observe({ job: name }, ms / 1000);
  const finishedAt = Date.now();
  await db
    .updateTable('job_locks')
    .set({
      locked_until: 0,
      last_run_at: startedAt,
      last_duration_ms: Math.round(ms),
      ...('result' in outcome
        ? { last_success_at: finishedAt }
        : { last_error: errorText(outcome.error), last_error_at: finishedAt }),
    })
    .where('name', '=', name)
    .where('owner', '=', instanceId)
    .execute();
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

async function takeLock(db: Db, name: string, ttlMs: number, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('job_locks')
    .values({ name, owner: instanceId, locked_until: now + ttlMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const taken = await db
    .updateTable('job_locks')
    .set({ owner: instanceId, locked_until: now + ttlMs })
    .where('name', '=', name)
    .where('locked_until', '<', now)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** What a run did, as counts ({ cancelled: 3 }); logged when any is above 0. */
export type JobReport = Record<string, number>;

/** A background job, as the registry (src/jobs.ts) declares it. */
export type JobDefinition = {
  name: string;
  /** runs every this many milliseconds */
  everyMs?: number;
  /** runs once as the server starts */
  atStart?: boolean;
  /**
   * runs soon after this process commits rows into one of these tables (its outbox), besides its
   * ticks: a mail is on its way within a fraction of a second, not at the next tick (decision 0065)
   */
  wakeOn?: readonly (keyof Database)[];
  /** the lock outlives a holder that died mid-run by at most this long */
  lockTtlMs: number;
  /** one run at `now`; safe to repeat, and to run beside another instance's run (the lock is the first guard, not the only one) */
  run: (now: number) => Promise<JobReport>;
  /** the work waiting for it */
  backlog: (now: number) => Promise<number>;
  /** the work it gave up on after repeated failures, kept for a person to look at */
  givenUp?: () => Promise<number>;
};

/** A job as /healthz and /metrics show it; times are epoch milliseconds. */
export type JobStatus = {
  name: string;
  every_ms: number | null;
  at_start: boolean;
  /** another run holds the lock now */
  running: boolean;
  last_run_at: number | null;
  last_duration_ms: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  backlog: number;
  given_up: number | null;
};

/**
 * The registry's runner: `run` does one run under the job's lock; `start` schedules every job
 * (one run at a time per job on this instance; the lock makes it one across instances); `stop`
 * ends the schedule and waits for the runs in flight; `status` reads each job's last run from
 * the lock table and counts its backlog.
 */
export function createJobRunner(options: {
  db: Db;
  jobs: JobDefinition[];
  log: FastifyBaseLogger;
  metrics?: Metrics;
  clock?: () => number;
  /** the database's commit signal, for the jobs that wake on their tables (`wakeOn`) */
  onCommitted?: DatabaseHandle['onCommitted'];
}) {
  const { db, jobs, log, metrics } = options;
  const clock = options.clock ?? Date.now;
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  /** when each job's last run on this instance started (wall time, for the gap between woken runs) */
  const startedAt = new Map<string, number>();
  const wakeTimers = new Map<string, NodeJS.Timeout>();
  /** jobs woken while a run was going: that run may have read the table before the commit */
  const wokenDuringRun = new Set<string>();
  const unsubscribe: Array<() => void> = [];
  let stopped = false;

  async function run(name: string, now = clock()): Promise<JobReport | null> {
    const job = byName.get(name);
    if (!job) throw new Error(`no background job is called ${name}`);
    const ran = await withJobLock(db, job.name, job.lockTtlMs, () => job.run(now), metrics);
    if (ran && Object.values(ran.result).some((count) => count > 0)) log.info({ job: job.name, ...ran.result }, 'background job');
    return ran?.result ?? null;
  }

  function runInBackground(job: JobDefinition) {
    if (stopped || running.has(job.name)) return;
    startedAt.set(job.name, Date.now());
    const pass = run(job.name)
      .then(() => undefined)
      .catch((error) => log.error({ err: error, job: job.name }, 'background job failed'))
      .finally(() => {
        running.delete(job.name);
        if (wokenDuringRun.delete(job.name)) wake(job);
      });
    running.set(job.name, pass);
  }

  /**
   * A run soon: at once, or WAKE_GAP_MS after the last run started, so that a busy shop's commits
   * are taken up together rather than one run each.
   */
  function wake(job: JobDefinition) {
    if (stopped || wakeTimers.has(job.name)) return;
    if (running.has(job.name)) {
      wokenDuringRun.add(job.name);
      return;
    }
    const wait = Math.max(0, (startedAt.get(job.name) ?? 0) + WAKE_GAP_MS - Date.now());
    const timer = setTimeout(() => {
      wakeTimers.delete(job.name);
      runInBackground(job);
    }, wait);
    timer.unref();
    wakeTimers.set(job.name, timer);
  }

  return {
    jobs,
    run,

    start() {
      for (const job of jobs) {
        if (job.atStart) runInBackground(job);
        if (job.everyMs) {
          const timer = setInterval(() => runInBackground(job), job.everyMs);
          timer.unref();
          timers.push(timer);
        }
        for (const table of job.wakeOn ?? []) {
          if (options.onCommitted) unsubscribe.push(options.onCommitted(table, () => wake(job)));
        }
      }
    },

    async stop() {
      stopped = true;
      for (const stop of unsubscribe.splice(0)) stop();
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const timer of wakeTimers.values()) clearTimeout(timer);
      wakeTimers.clear();
      await Promise.all(running.values());
    },

    async status(now = clock()): Promise<JobStatus[]> {
      const rows = await db
        .selectFrom('job_locks')
        .selectAll()
        .where(
          'name',
          'in',
          jobs.map((job) => job.name),
        )
        .execute();
      const byJob = new Map(rows.map((row) => [row.name, row]));
      const lockNow = Date.now();
      return Promise.all(
        jobs.map(async (job): Promise<JobStatus> => {
          const row = byJob.get(job.name);
          return {
            name: job.name,
            every_ms: job.everyMs ?? null,
            at_start: job.atStart ?? false,
            running: (row?.locked_until ?? 0) > lockNow,
            last_run_at: row?.last_run_at ?? null,
            last_duration_ms: row?.last_duration_ms ?? null,
            last_success_at: row?.last_success_at ?? null,
            last_error: row?.last_error ?? null,
            last_error_at: row?.last_error_at ?? null,
            backlog: await job.backlog(now),
            given_up: job.givenUp ? await job.givenUp() : null,
          };
        }),
      );
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
