import { randomInt } from 'node:crypto';
import { Messages } from '@shop/contracts';
import type { TLoginRequest, TRegisterRequest, TTokenPair, TUserEditRequest, TUserInfo } from '@shop/contracts/auth';
import { toE164 } from '@shop/contracts/phone';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { hashPassword, verifyPassword } from '../../infra/password';
import type { AuthService, RequestMeta } from '../auth';
import { unreadMessages } from '../messages';
import type { EmailCodeService } from '../verification';
import { pointsBalance } from './points';
import { presentUser } from './presenter';
import { recordNewAccount } from './referrals';
import { usersRepo } from './repo';

const INVITATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITATION_LENGTH = 8;

const newInvitationCode = () =>
  Array.from({ length: INVITATION_LENGTH }, () => INVITATION_ALPHABET[randomInt(INVITATION_ALPHABET.length)]).join('');

type Deps = { db: Db; auth: AuthService; codes: EmailCodeService; clock?: () => number };

/** Inputs arrive already parsed by the contracts schemas (trimmed, lower-cased e-mail). */
type RegisterInput = Omit<TRegisterRequest, 'email_type'> & { email_type?: number };

export function createUserService({ db, auth, codes, clock = Date.now }: Deps) {
  async function uniqueInvitationCode(trx: Db) {
    for (;;) {
      const code = newInvitationCode();
      if (!(await usersRepo(trx).invitationCodeTaken(code))) return code;
    }
  }

  return {
    async register(input: RegisterInput, meta: RequestMeta): Promise<TTokenPair> {
      const email = input.email.toLowerCase();
      if (await usersRepo(db).findByEmail(email)) throw AppError.field('email', Messages.emailTaken);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = usersRepo(trx);
          let invitedBy: number | null = null;
          if (input.invitation_code) {
            const inviter = await repo.findIdByInvitationCode(input.invitation_code);
            if (!inviter) throw AppError.field('invitation_code', Messages.invitationCodeUnknown);
            invitedBy = inviter.id;
          }
          const now = clock();
          const mobile = toE164(input.mobile);
          const userId = await repo.insert({
            email,
            password_hash: passwordHash,
            first_name: input.first_name,
            last_name: input.last_name,
            mobile,
            dial_code: input.code.replace(/^\+/, ''),
            avatar: '',
            invitation_code: await uniqueInvitationCode(trx),
            invited_by: invitedBy,
            email_type: input.email_type ?? 1,
            marketing_consent: input.marketing_consent ? 1 : 0,
            marketing_consent_at: input.marketing_consent ? now : null,
            terms_accepted_at: now,
            status: 'active',
            created_at: now,
            updated_at: now,
          });
          await recordNewAccount(trx, { userId, email, mobile, inviterId: invitedBy, at: now });
          await emit(
            trx,
            'user.registered',
            {
              user_id: userId,
              email,
              first_name: input.first_name,
              marketing_consent: Boolean(input.marketing_consent),
              invited_by: invitedBy,
            },
            now,
          );
          // the first code to verify the address goes out with the account (a fresh address has no code yet)
          await codes.issue(trx, { email, purpose: 'verify', userId });
          return auth.startSession('user', userId, meta, trx);
        });
      } catch (error) {
        // Two registrations racing for one e-mail: the database's unique index decides.
        if (isUniqueViolation(error)) throw AppError.field('email', Messages.emailTaken);
        throw error;
      }
    },

    /** One generic message for an unknown e-mail and a wrong password alike. */
    async login(input: TLoginRequest, meta: RequestMeta): Promise<TTokenPair> {
      const user = await usersRepo(db).findByEmail(input.username.toLowerCase());
      const active = user?.status === 'active' ? user : undefined;
      const ok = await verifyPassword(active?.password_hash, input.password);
      if (!active || !ok) throw new AppError('bad_request', Messages.badCredentials);
      return auth.startSession('user', active.id, meta);
    },

    async info(userId: number): Promise<TUserInfo> {
      const user = await usersRepo(db).findById(userId);
      if (user?.status !== 'active') throw AppError.unauthorized();
      return presentUser(user, await pointsBalance(db, userId), await unreadMessages(db, userId));
    },

    /** The register form's marketing consent of an active shopper, read in `from`; null for no such shopper (or a cancelled one). */
    async marketingConsent(userId: number, from: Db = db): Promise<boolean | null> {
      const user = await usersRepo(from).findById(userId);
      return user?.status === 'active' ? user.marketing_consent === 1 : null;
    },

    /** The id of the active account with this address, read in `from`; null for none. */
    async activeIdByEmail(email: string, from: Db = db): Promise<number | null> {
      const user = await usersRepo(from).findByEmail(email);
      return user?.status === 'active' ? user.id : null;
    },

    async edit(userId: number, input: TUserEditRequest): Promise<TUserInfo> {
      const repo = usersRepo(db);
      await repo.update(userId, {
        first_name: input.first_name,
        last_name: input.last_name,
        mobile: toE164(input.mobile),
        dial_code: input.code.replace(/^\+/, ''),
        updated_at: clock(),
      });
      return this.info(userId);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
