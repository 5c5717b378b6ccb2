import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Metrics } from './metrics';

const instanceId = randomUUID();

/**
 * Runs `work` only if this instance holds the job's lock (architecture "Scale-out": background
 * jobs take a database lock, so one instance runs each). A lock whose holder died expires after
 * `ttlMs`. Returns false when another instance holds it. With `metrics`, a pass this instance runs
 * is counted with its time, and a pass that throws (the work, or the lock's own queries) as failed.
 */
export async function withJobLock(
  db: Db,
  name: string,
  ttlMs: number,
  work: () => Promise<void>,
  metrics?: Metrics,
): Promise<boolean> {
  if (!metrics) return lockAndRun(db, name, ttlMs, work);
  const started = performance.now();
  try {
    const ran = await lockAndRun(db, name, ttlMs, work, () => metrics.jobRuns.inc({ job: name }));
    if (ran) metrics.jobDuration.observe({ job: name }, (performance.now() - started) / 1000);
    return ran;
  } catch (error) {
    metrics.jobFailures.inc({ job: name });
    throw error;
  }
}

async function lockAndRun(db: Db, name: string, ttlMs: number, work: () => Promise<void>, onRun?: () => void) {
  const now = Date.now();
  const inserted = await db
    .insertInto('job_locks')
    .values({ name, owner: instanceId, locked_until: now + ttlMs })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  let held = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  if (!held) {
    const taken = await db
      .updateTable('job_locks')
      .set({ owner: instanceId, locked_until: now + ttlMs })
      .where('name', '=', name)
      .where('locked_until', '<', now)
      .executeTakeFirst();
    held = Number(taken.numUpdatedRows) === 1;
  }
  if (!held) return false;
  onRun?.();
  try {
    await work();
  } finally {
    await db.updateTable('job_locks').set({ locked_until: 0 }).where('name', '=', name).where('owner', '=', instanceId).execute();
  }
  return true;
}

/** Runs a locked job every `everyMs`; the returned function stops it. */
export function scheduleJob(
  db: Db,
  log: FastifyBaseLogger,
  job: { name: string; everyMs: number; lockTtlMs?: number; run: () => Promise<void> },
  metrics?: Metrics,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    withJobLock(db, job.name, job.lockTtlMs ?? job.everyMs * 2, job.run, metrics)
      .catch((error) => log.error({ err: error, job: job.name }, 'background job failed'))
      .finally(() => {
        running = false;
      });
  }, job.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
