import { createHash } from 'node:crypto';
import type { CouponSource } from '@shop/contracts/coupon-rules';
import type { Db } from '../../db/database';
import type { EventSubscriber } from '../../infra/events';
import { profileOf } from '../users';
import { couponsRepo } from './repo';
import { grantCoupon } from './service';

/**
 * The welcome offers the register form and the newsletter promise (decision 0029), granted by a
 * subscriber of the events that earn them, in the subscriber's transaction:
 *
 * - `user.registered` with the marketing consent: the registration templates (20 % off the first
 *   order), once per person — by e-mail address AND by phone number;
 * - `user.registered` with an inviter: the referral templates (the friend's welcome coupon);
 * - `user.email_verified`, and `newsletter.subscribed` of an account: the newsletter templates
 *   (the $10 coupon), once per verified e-mail address.
 *
 * "Once" is a row of `coupon_claims` per offer and hashed address or number, whose primary key
 * refuses the second: no check in code can be raced past. A claim outlives the account, so a
 * cancelled and re-registered address is not welcomed twice.
 */

export const WELCOME_SUBSCRIBER = 'coupons.welcome-offers';

const hashOf = (kind: 'email' | 'phone', value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');

const normalEmail = (email: string) => email.trim().toLowerCase();
const normalPhone = (phone: string) => phone.replace(/[^\d+]/g, '');

type Key = { kind: 'email' | 'phone'; value: string };

/** Writes every key of the offer; true only when none was claimed before. */
async function claimAll(trx: Db, offer: CouponSource, keys: Key[], userId: number, at: number): Promise<boolean> {
  let fresh = true;
  for (const key of keys) {
    const claimed = await couponsRepo(trx).claim(offer, key.kind, hashOf(key.kind, key.value), userId, at);
    fresh = fresh && claimed;
  }
  return fresh;
}

/** One coupon of every live template of the source (a paused or sold-out one grants nothing). */
async function grantSource(trx: Db, source: CouponSource, userId: number, at: number): Promise<number> {
  let granted = 0;
  for (const template of await couponsRepo(trx).liveTemplatesOf(source, at)) {
    const result = await grantCoupon(trx, { template, userId, source, at, slotted: true });
    if ('id' in result) granted += 1;
  }
  return granted;
}

async function activeProfile(trx: Db, userId: number) {
  const profile = await profileOf(trx, userId);
  return profile?.status === 'active' ? profile : null;
}

export function createWelcomeOffers(): EventSubscriber {
  return {
    name: WELCOME_SUBSCRIBER,
    handles: ['user.registered', 'user.email_verified', 'newsletter.subscribed'],
    async handle(event, trx, now) {
      switch (event.type) {
        case 'user.registered': {
          const { user_id: userId } = event.payload;
          const profile = await activeProfile(trx, userId);
          if (!profile) return;
          if (event.payload.marketing_consent) {
            const keys: Key[] = [{ kind: 'email', value: normalEmail(event.payload.email) }];
            const phone = normalPhone(profile.mobile);
            if (phone.length > 3) keys.push({ kind: 'phone', value: phone });
            if (await claimAll(trx, 'registration', keys, userId, now)) await grantSource(trx, 'registration', userId, now);
          }
          if (event.payload.invited_by !== null) await grantSource(trx, 'referral', userId, now);
          return;
        }
        case 'user.email_verified':
        case 'newsletter.subscribed': {
          const userId = event.payload.user_id;
          if (userId === null || !(await activeProfile(trx, userId))) return;
          const keys: Key[] = [{ kind: 'email', value: normalEmail(event.payload.email) }];
          if (await claimAll(trx, 'newsletter', keys, userId, now)) await grantSource(trx, 'newsletter', userId, now);
          return;
        }
        default:
          return;
      }
    },
  };
}
