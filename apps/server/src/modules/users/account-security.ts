import { Messages } from '@shop/contracts';
import type { TTokenPair, TUserInfo } from '@shop/contracts/auth';
import {
  type AccountCodePurpose,
  CODE_EMAIL_REGISTERED,
  EmailCodeMessages,
  type EmailCodePurpose,
  type TEmailCodeSent,
} from '@shop/contracts/email-codes';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { hashPassword, verifyPassword } from '../../infra/password';
import type { AuthService, Principal, RequestMeta } from '../auth';
import { unreadMessages } from '../messages';
import { type CodeCheck, type EmailCodeService, sentOrWait } from '../verification';
import { pointsBalance } from './points';
import { presentUser } from './presenter';
import { usersRepo } from './repo';

type Deps = { db: Db; auth: AuthService; codes: EmailCodeService };

/** Codes for these purposes are asked for by address alone: the answer never says whether it has an account. */
const BLIND_PURPOSES: readonly EmailCodePurpose[] = ['reset', 'signout'];

function refuseCheck(check: Exclude<CodeCheck, 'ok'>): never {
  throw AppError.field('code', check === 'wrong' ? EmailCodeMessages.invalid : EmailCodeMessages.expired);
}

/**
 * E-mail codes, the verified address, and the password's reset and change (decision 0025): the
 * shopper's side of spec 7 "Account and session". Every password change ends the shopper's other
 * sessions (all of them after a reset), which also closes their chat connections.
 */
export function createAccountSecurity({ db, auth, codes }: Deps) {
  const activeByEmail = async (trx: Db, email: string) => {
    const user = await usersRepo(trx).findByEmail(email);
    return user?.status === 'active' ? user : undefined;
  };
  const activeById = async (userId: number) => {
    const user = await usersRepo(db).findById(userId);
    if (user?.status !== 'active') throw AppError.unauthorized();
    return user;
  };

  /** Issues a code in its own transaction and answers when it expires, or how long to wait. */
  const issue = async (email: string, purpose: EmailCodePurpose, userId: number | null) => {
    const at = codes.now();
    return sentOrWait(await db.transaction().execute((trx) => codes.issue(trx, { email, purpose, userId })), at);
  };
  const idOf = async (email: string) => (await activeByEmail(db, email))?.id ?? null;
  /** A change_email code, bound to the shopper, for an address that is neither theirs already nor another account's. */
  const sendChangeCode = async (user: { id: number; email: string }, email: string) => {
    if (email === user.email) throw AppError.field('email', EmailCodeMessages.sameEmail);
    if (await usersRepo(db).findByEmail(email)) throw AppError.field('email', Messages.emailTaken);
    return issue(email, 'change_email', user.id);
  };

  return {
    /** POST /api/email/sendEmailCode: `userId` is the signed-in shopper, if any. */
    async sendEmailCode(input: { email: string; type: AccountCodePurpose }, userId: number | null): Promise<TEmailCodeSent> {
      const { email, type } = input;
      if (BLIND_PURPOSES.includes(type)) return issue(email, type, await idOf(email));
      if (type === 'register') {
        if (await usersRepo(db).findByEmail(email)) {
          throw new AppError('bad_request', Messages.emailRegistered, { email: Messages.emailRegistered }, undefined, {
            code: CODE_EMAIL_REGISTERED,
          });
        }
        return issue(email, type, null);
      }
      if (type === 'newsletter') return issue(email, type, await idOf(email));
      // verify and change_email belong to the signed-in shopper
      if (userId === null) throw AppError.unauthorized();
      const user = await activeById(userId);
      if (type === 'verify') {
        if (user.email !== email) throw AppError.field('email', EmailCodeMessages.notYourEmail);
        return issue(email, type, user.id);
      }
      return sendChangeCode(user, email);
    },

    /** POST /shop/user/email/change/send: a `change_email` code to the new address, which no account may use. */
    async sendChangeEmailCode(userId: number, email: string): Promise<TEmailCodeSent> {
      return sendChangeCode(await activeById(userId), email);
    },

    /**
     * POST /shop/user/email/change: the new address with the code it received. The address becomes
     * the account's sign-in name, verified (the code reached it); the old address is told, and every
     * other session of the shopper ends (decision 0028). Of two shoppers racing for one address,
     * the database's unique index lets one have it.
     */
    async changeEmail(principal: Principal, input: { email: string; code: string }): Promise<TUserInfo> {
      const user = await activeById(principal.subjectId);
      const email = input.email;
      if (email === user.email) throw AppError.field('email', EmailCodeMessages.sameEmail);
      let outcome: CodeCheck | 'taken';
      try {
        outcome = await db.transaction().execute(async (trx) => {
          // a taken address spends no code: the shopper is told before anything changes
          if (await usersRepo(trx).findByEmail(email)) return 'taken';
          const check = await codes.check(trx, { email, purpose: 'change_email', code: input.code, userId: user.id });
          if (check !== 'ok') return check;
          const at = codes.now();
          await usersRepo(trx).update(user.id, { email, email_verified_at: at, updated_at: at });
          await emit(trx, 'user.email_changed', { user_id: user.id, old_email: user.email, new_email: email }, at);
          return check;
        });
      } catch (error) {
        // another account took the address between the check and the update
        if (isUniqueViolation(error)) outcome = 'taken';
        else throw error;
      }
      if (outcome === 'taken') throw AppError.field('email', Messages.emailTaken);
      if (outcome !== 'ok') refuseCheck(outcome);
      await auth.endSessions({ subjectType: 'user', subjectId: user.id, except: principal.sessionId }, 'email_change');
      return presentUser(await activeById(user.id), await pointsBalance(db, user.id), await unreadMessages(db, user.id));
    },

    /** POST /api/email/verifyEmail: the signed-in shopper's own address, with its verify code. */
    async verifyEmail(userId: number, input: { email: string; code: string }): Promise<TUserInfo> {
      const user = await activeById(userId);
      if (user.email !== input.email) throw AppError.field('email', EmailCodeMessages.notYourEmail);
      const check = await db.transaction().execute(async (trx) => {
        const outcome = await codes.check(trx, { email: user.email, purpose: 'verify', code: input.code, userId: user.id });
        if (outcome !== 'ok') return outcome;
        const at = codes.now();
        if (user.email_verified_at === null) {
          await usersRepo(trx).update(user.id, { email_verified_at: at, updated_at: at });
          await emit(trx, 'user.email_verified', { user_id: user.id, email: user.email }, at);
        }
        return outcome;
      });
      if (check !== 'ok') refuseCheck(check);
      return presentUser(await activeById(userId), await pointsBalance(db, userId), await unreadMessages(db, userId));
    },

    /** The signed-in shopper's address (an ended account is 401). */
    async ownEmail(userId: number): Promise<string> {
      return (await activeById(userId)).email;
    },

    /** GET /api/reset/password/email/send: the same answer, and the same work, whether or not the address has an account. */
    async sendResetCode(email: string): Promise<TEmailCodeSent> {
      return issue(email, 'reset', await idOf(email));
    },

    /** POST /api/reset/password/verify: a new password with the reset code; every session ends, a new one starts. */
    async resetPassword(input: { email: string; code: string; password: string }, meta: RequestMeta): Promise<TTokenPair> {
      const passwordHash = await hashPassword(input.password);
      const outcome = await db.transaction().execute(async (trx) => {
        const user = await activeByEmail(trx, input.email);
        // a code is bound to the account it was mailed for: one sent while the address had none opens nothing
        const check = await codes.check(trx, {
          email: input.email,
          purpose: 'reset',
          code: input.code,
          userId: user?.id ?? null,
        });
        if (check !== 'ok') return { check } as const;
        if (!user) return { check: 'spent' } as const;
        const at = codes.now();
        await usersRepo(trx).update(user.id, {
          password_hash: passwordHash,
          // the code reached this inbox: the address is proven
          email_verified_at: user.email_verified_at ?? at,
          updated_at: at,
        });
        await emit(trx, 'user.password_changed', { user_id: user.id, email: user.email, how: 'reset' }, at);
        return { check, userId: user.id } as const;
      });
      if (outcome.check !== 'ok') refuseCheck(outcome.check);
      await auth.endSessions({ subjectType: 'user', subjectId: outcome.userId }, 'password_change');
      return auth.startSession('user', outcome.userId, meta);
    },

    /** POST /api/change/password: the current password, then the new one; the shopper's other sessions end. */
    async changePassword(principal: Principal, input: { old_password: string; password: string }): Promise<void> {
      const user = await activeById(principal.subjectId);
      if (!(await verifyPassword(user.password_hash, input.old_password))) {
        throw AppError.field('old_password', EmailCodeMessages.oldPasswordWrong);
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        const at = codes.now();
        await usersRepo(trx).update(user.id, { password_hash: passwordHash, updated_at: at });
        await emit(trx, 'user.password_changed', { user_id: user.id, email: user.email, how: 'change' }, at);
      });
      await auth.endSessions({ subjectType: 'user', subjectId: user.id, except: principal.sessionId }, 'password_change');
    },
  };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
