import type { Db } from '../../db/database';
import { messagesRepo } from './repo';

/** The inbox's part of an account's erasure and export (decision 0026). */

/** Removes every notice of the shopper in `trx`. */
export function eraseMessages(trx: Db, userId: number): Promise<void> {
  return messagesRepo(trx).eraseOf(userId);
}

/** The shopper's notices, oldest first. */
export function messagesOf(db: Db, userId: number) {
  return messagesRepo(db).ofUser(userId);
}
