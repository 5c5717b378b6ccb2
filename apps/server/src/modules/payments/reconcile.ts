import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { withJobLock } from '../../infra/jobs';
import type { Metrics } from '../../infra/metrics';
import type { PaymentService, ReconcileReport } from './service';

export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';
const LOCK_TTL_MS = 5 * 60_000;

/**
 * Settles the payment attempts a crash left pending, under the job's database lock (one instance
 * at a time). Returns what it did, or null when another instance holds the lock.
 */
export async function reconcilePayments(db: Db, payments: PaymentService, metrics?: Metrics): Promise<ReconcileReport | null> {
  let report: ReconcileReport | null = null;
  const ran = await withJobLock(
    db,
    PAYMENT_RECONCILE_JOB,
    LOCK_TTL_MS,
    async () => {
      report = await payments.reconcile();
    },
    metrics,
  );
  return ran ? report : null;
}

/** At start, in the background: the server listens meanwhile, and an order is paid or payable again moments later. */
export function reconcilePaymentsAtStart(db: Db, payments: PaymentService, log: FastifyBaseLogger, metrics?: Metrics) {
  reconcilePayments(db, payments, metrics)
    .then((report) => {
      if (report?.checked) log.info(report, 'payment attempts left pending were settled with the provider');
    })
    .catch((error) => log.error({ err: error }, 'settling pending payment attempts failed'));
}
