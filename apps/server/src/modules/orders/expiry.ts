import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { scheduleJob, withJobLock } from '../../infra/jobs';
import type { Metrics } from '../../infra/metrics';

/** The order housekeeping a pass runs: the unpaid orders' expiry (a workflow) and completing shipped ones. */
export type OrderHousekeeping = {
  expireUnpaid: (now: number) => Promise<number>;
  completeShipped: (now: number) => Promise<number>;
};

export const ORDER_EXPIRY_JOB = 'order-expiry';
const EVERY_MS = 60_000;
const LOCK_TTL_MS = 5 * 60_000;

/**
 * One pass of the order housekeeping under the job's database lock (one instance at a time):
 * unpaid orders past their pay_expires_at are cancelled with their stock and points released,
 * and orders shipped long ago are completed. Returns what it did, or null when another instance
 * holds the lock.
 */
export async function runOrderJobs(
  db: Db,
  orders: OrderHousekeeping,
  now: number,
  metrics?: Metrics,
): Promise<{ cancelled: number; completed: number } | null> {
  let result = { cancelled: 0, completed: 0 };
  const ran = await withJobLock(
    db,
    ORDER_EXPIRY_JOB,
    LOCK_TTL_MS,
    async () => {
      result = await housekeeping(orders, now);
    },
    metrics,
  );
  return ran ? result : null;
}

async function housekeeping(orders: OrderHousekeeping, now: number) {
  return { cancelled: await orders.expireUnpaid(now), completed: await orders.completeShipped(now) };
}

/** Runs the housekeeping every minute; returns the stop function. */
export function startOrderJobs(
  db: Db,
  orders: OrderHousekeeping,
  log: FastifyBaseLogger,
  options: { clock?: () => number; metrics?: Metrics } = {},
) {
  const clock = options.clock ?? Date.now;
  return scheduleJob(
    db,
    log,
    {
      name: ORDER_EXPIRY_JOB,
      everyMs: EVERY_MS,
      lockTtlMs: LOCK_TTL_MS,
      run: async () => {
        const result = await housekeeping(orders, clock());
        if (result.cancelled || result.completed) log.info(result, 'order housekeeping');
      },
    },
    options.metrics,
  );
}
