import { EmailCodeMessages, type TEmailCodeSent } from '@shop/contracts/email-codes';
import { NEWSLETTER_CONSENT_TEXT, type NewsletterSource, type TNewsletterSubscription } from '@shop/contracts/newsletter';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { type CodeCheck, type EmailCodeService, sentOrWait } from '../verification';
import { newsletterRepo } from './repo';

/** Who asked: the consent record keeps the client's address and browser. */
export type ConsentClient = { ip: string; userAgent: string };

type Deps = {
  db: Db;
  codes: EmailCodeService;
  /** the active account with this address, read in `from`; null for none */
  accountOf: (email: string, from: Db) => Promise<number | null>;
  /** the shopper's newsletter e-mail switched on in the notification preferences, in `trx` */
  takeNewsletter: (trx: Db, userId: number) => Promise<void>;
};

const WITHDRAWN_TEXT = {
  unsubscribe: 'Unsubscribed with the link in a newsletter e-mail.',
  account: 'Newsletter e-mail switched off in the notification preferences.',
} as const;

const clip = (value: string, max: number) => value.slice(0, max);

/**
 * The newsletter's double opt-in (decision 0034). A sign-up from the footer or the floating widget
 * is pending, with a consent request recording when, where and which words, and mails a
 * `newsletter` code; the code coming back confirms it (a second consent record),
 * writes `newsletter.subscribed` and, for an address with an account, switches the account's
 * newsletter e-mail on. Unsubscribing (the e-mail's one-click link, or the preferences page)
 * withdraws it, recorded too.
 */
export function createNewsletterService({ db, codes, accountOf, takeNewsletter }: Deps) {
  return {
    /** POST /api/newsletter/subscribe: pending until confirmed; a code goes to the address. */
    async subscribe(input: { email: string; source: NewsletterSource }, client: ConsentClient): Promise<TEmailCodeSent> {
      const at = codes.now();
      const issued = await db.transaction().execute(async (trx) => {
        const repo = newsletterRepo(trx);
        const accountId = await accountOf(input.email, trx);
        const subscription = await repo.request(input.email, input.source, at);
        await repo.record({
          subscription_id: subscription.id,
          email: input.email,
          user_id: accountId,
          action: 'requested',
          source: input.source,
          consent_text: NEWSLETTER_CONSENT_TEXT[input.source],
          ip: clip(client.ip, 64),
          user_agent: clip(client.userAgent, 300),
          at,
        });
        // too early for a new code: nothing of this request is kept (the transaction rolls back)
        return sentOrWait(await codes.issue(trx, { email: input.email, purpose: 'newsletter', userId: accountId }), at);
      });
      return issued;
    },

    /** POST /api/newsletter/confirm: the address's code confirms its subscription. */
    async confirm(input: { email: string; code: string }, client: ConsentClient): Promise<TNewsletterSubscription> {
      const outcome = await db.transaction().execute(async (trx) => {
        const repo = newsletterRepo(trx);
        const subscription = await repo.byEmail(input.email);
        const accountId = await accountOf(input.email, trx);
        const check: CodeCheck = await codes.check(trx, {
          email: input.email,
          purpose: 'newsletter',
          code: input.code,
          userId: accountId,
        });
        // a code without a sign-up (sent for another reason) confirms nothing
        if (check !== 'ok' || !subscription) return { check: check === 'ok' ? 'spent' : check } as const;
        const at = codes.now();
        await repo.confirm(subscription.id, accountId, at);
        await repo.record({
          subscription_id: subscription.id,
          email: input.email,
          user_id: accountId,
          action: 'confirmed',
          source: subscription.source,
          consent_text: NEWSLETTER_CONSENT_TEXT[subscription.source],
          ip: clip(client.ip, 64),
          user_agent: clip(client.userAgent, 300),
          at,
        });
        if (accountId !== null) await takeNewsletter(trx, accountId);
        // news for the subscribers: a new subscription, or a guest's now belonging to an account
        const linkedNow = accountId !== null && subscription.user_id !== accountId;
        if (subscription.status !== 'subscribed' || linkedNow) {
          await emit(trx, 'newsletter.subscribed', { email: input.email, user_id: accountId }, at);
        }
        return { check: 'ok', accountId, at } as const;
      });
      // a wrong code is counted: its transaction committed before the refusal
      if (outcome.check !== 'ok') {
        throw AppError.field('code', outcome.check === 'wrong' ? EmailCodeMessages.invalid : EmailCodeMessages.expired);
      }
      return { email: input.email, status: 'subscribed', account: outcome.accountId !== null, confirmed_at: outcome.at };
    },

    /**
     * The shopper's newsletter e-mail was switched off (the one-click link, or the preferences
     * page): every subscription of theirs is withdrawn, in the caller's transaction, and recorded.
     */
    async withdraw(trx: Db, userId: number, how: 'unsubscribe' | 'account'): Promise<void> {
      const at = codes.now();
      const repo = newsletterRepo(trx);
      for (const row of await repo.withdrawAll(userId, at)) {
        await repo.record({
          subscription_id: row.id,
          email: row.email,
          user_id: userId,
          action: 'withdrawn',
          source: how,
          consent_text: WITHDRAWN_TEXT[how],
          ip: '',
          user_agent: '',
          at,
        });
      }
    },

    /**
     * An account proved it holds `email` (its address verified, or changed with a code): a
     * guest's confirmed subscription of that address becomes the account's, with the newsletter's
     * e-mail switched on and `newsletter.subscribed` naming the account. In the caller's transaction.
     */
    async adoptGuestSubscription(trx: Db, userId: number, email: string, at: number): Promise<void> {
      const subscription = await newsletterRepo(trx).byEmail(email);
      if (subscription?.status !== 'subscribed' || subscription.user_id !== null) return;
      await newsletterRepo(trx).link(subscription.id, userId, at);
      await takeNewsletter(trx, userId);
      await emit(trx, 'newsletter.subscribed', { email, user_id: userId }, at);
    },

    /** The subscription of an address, or null (tests and the staff tools read it). */
    async status(email: string) {
      return (await newsletterRepo(db).byEmail(email)) ?? null;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
