import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_RULES, EmailCodeMessages, type EmailCodePurpose, type TEmailCodeSent } from '@shop/contracts/email-codes';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { emailCodesRepo } from './repo';

export type CodeIssue = { issued: true; expiresAt: number } | { issued: false; resendInMs: number };
/** `wrong`: a wrong code, counted; `spent`: none live (never issued, used, expired or tried too often). */
export type CodeCheck = 'ok' | 'wrong' | 'spent';

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * The answer to a code asked for at `at`: when it expires and when a new one may be asked for; a
 * code asked for before the resend delay is a 429 with `result.resend_in`, the seconds left.
 */
export function sentOrWait(outcome: CodeIssue, at: number): TEmailCodeSent {
  if (!outcome.issued) {
    const wait = seconds(outcome.resendInMs);
    throw new AppError(
      'rate_limited',
      EmailCodeMessages.wait(wait),
      undefined,
      { 'retry-after': String(wait) },
      {
        result: { resend_in: wait },
      },
    );
  }
  return { expires_in: seconds(outcome.expiresAt - at), resend_in: seconds(EMAIL_CODE_RULES.resendAfterMs) };
}

/**
 * One-time e-mail codes (decision 0025). A code is six random digits, kept only as an HMAC with the
 * server's secret (a copy of the table reveals no code), valid for ten minutes, spent by its first
 * correct use, dead after five wrong ones; a new code for the same address and purpose replaces it,
 * but only once the resend delay has passed. The code reaches the shopper as a
 * `user.email_code_issued` event written in the caller's transaction, which the mail subscriber
 * turns into a message.
 */
export function createEmailCodeService(options: { secret: string; clock?: () => number }) {
  const now = options.clock ?? Date.now;
  const hash = (email: string, purpose: EmailCodePurpose, code: string) =>
    createHmac('sha256', options.secret).update(`email-code\u0000${purpose}\u0000${email}\u0000${code}`).digest('hex');
  const newCode = () => String(randomInt(0, 10 ** EMAIL_CODE_RULES.digits)).padStart(EMAIL_CODE_RULES.digits, '0');

  return {
    now,
    /**
     * Issues a code in `trx`, bound to the account `userId` (null: the address has none), and
     * writes its event there. A reset or sign-out code for an address without an account does the
     * same work; its message says there is no account instead of carrying the code.
     */
    async issue(trx: Db, input: { email: string; purpose: EmailCodePurpose; userId: number | null }): Promise<CodeIssue> {
      const at = now();
      const code = newCode();
      const expiresAt = at + EMAIL_CODE_RULES.validMs;
      const repo = emailCodesRepo(trx);
      const stored = await repo.replace(
        {
          email: input.email,
          purpose: input.purpose,
          user_id: input.userId,
          code_hash: hash(input.email, input.purpose, code),
          now: at,
          expires_at: expiresAt,
        },
        at - EMAIL_CODE_RULES.resendAfterMs,
      );
      if (!stored) {
        const current = await repo.find(input.email, input.purpose);
        const resendInMs = Math.max(1000, (current?.created_at ?? at) + EMAIL_CODE_RULES.resendAfterMs - at);
        return { issued: false, resendInMs };
      }
      await emit(
        trx,
        'user.email_code_issued',
        { email: input.email, purpose: input.purpose, code, expires_at: expiresAt, account: input.userId !== null },
        at,
      );
      return { issued: true, expiresAt };
    },

    /**
     * Checks a code in `trx` and spends it when right; a code issued for another account (or for
     * none, when `userId` names one) is no code. A wrong code is counted in `trx`: the
     * caller commits that transaction before refusing, so the count holds. Compared in constant
     * time; of two concurrent checks of one right code, one gets 'ok'.
     */
    async check(
      trx: Db,
      input: { email: string; purpose: EmailCodePurpose; code: string; userId: number | null },
    ): Promise<CodeCheck> {
      const at = now();
      const repo = emailCodesRepo(trx);
      const row = await repo.find(input.email, input.purpose);
      const given = Buffer.from(hash(input.email, input.purpose, input.code), 'hex');
      const stored = Buffer.from(row?.code_hash ?? '00'.repeat(32), 'hex');
      const matches = stored.length === given.length && timingSafeEqual(stored, given);
      if (
        !row ||
        row.user_id !== input.userId ||
        row.used_at !== null ||
        row.expires_at <= at ||
        row.attempts >= EMAIL_CODE_RULES.maxWrongAttempts
      ) {
        return 'spent';
      }
      if (!matches) return (await repo.countWrong(row.id, EMAIL_CODE_RULES.maxWrongAttempts)) ? 'wrong' : 'spent';
      return (await repo.spend(row.id, row.code_hash, at, EMAIL_CODE_RULES.maxWrongAttempts)) ? 'ok' : 'spent';
    },
  };
}

export type EmailCodeService = ReturnType<typeof createEmailCodeService>;
