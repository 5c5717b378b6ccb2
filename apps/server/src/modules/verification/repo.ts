import type { EmailCodePurpose } from '@shop/contracts/email-codes';
import type { Db } from '../../db/database';

/** The `email_codes` table: one row per address and purpose, replaced by each new code. */
export function emailCodesRepo(db: Db) {
  return {
    /**
     * Puts a new code in place of the address's code for this purpose, unless that one was made
     * after `notBefore` (the resend delay). One statement, so two racing requests cannot both pass
     * the delay: the unique (email, purpose) row decides. Resolves whether the code was stored.
     */
    async replace(
      row: {
        email: string;
        purpose: EmailCodePurpose;
        user_id: number | null;
        code_hash: string;
        now: number;
        expires_at: number;
      },
      notBefore: number,
    ) {
      const fresh = {
        user_id: row.user_id,
        code_hash: row.code_hash,
        attempts: 0,
        created_at: row.now,
        expires_at: row.expires_at,
        used_at: null,
      };
      const stored = await db
        .insertInto('email_codes')
        .values({ email: row.email, purpose: row.purpose, ...fresh })
        .onConflict((oc) => oc.columns(['email', 'purpose']).doUpdateSet(fresh).where('email_codes.created_at', '<=', notBefore))
        .returning('id')
        .executeTakeFirst();
      return stored !== undefined;
    },
    find(email: string, purpose: EmailCodePurpose) {
      return db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
    },
    /** Counts a wrong code against a live one; false when it was spent or dead meanwhile. */
    async countWrong(id: number, maxAttempts: number) {
      const result = await db
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Spends a code: only one caller ever gets true for it. */
    async spend(id: number, hash: string, now: number, maxAttempts: number) {
      const result = await db
        .updateTable('email_codes')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
