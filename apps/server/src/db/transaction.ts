import type { Db } from './database';
import { isStalePreparedStatement } from './pg-statements';

/** PostgreSQL's serialization failure and deadlock: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * The transaction did nothing and may simply run again: a serialization failure, a deadlock, or a
 * statement prepared before a migration changed its columns (run unnamed the next time, pg-statements.ts).
 */
export const isRetryableTransactionError = (error: unknown) =>
  RETRYABLE.has((error as { code?: string } | null)?.code ?? '') || isStalePreparedStatement(error);

/**
 * Runs `work` in one transaction, again (up to `attempts` times in all) when the database reports
 * a serialization failure or a deadlock. The money path takes its row locks in one order (SKUs
 * by id, then the shopper) so deadlocks should not happen; this is the belt to those braces.
 * On SQLite the one connection runs transactions one after another, so neither can occur.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}
