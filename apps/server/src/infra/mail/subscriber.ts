import { EMAIL_CODE_RULES } from '@shop/contracts/email-codes';
import type { DomainEventPayload, DomainEventType } from '@shop/contracts/events';
import { HELP_REQUEST_KIND_LABELS } from '@shop/contracts/help-requests-rules';
import type { MarketingCategory } from '@shop/contracts/notifications';
import { ROLE_LABELS } from '@shop/contracts/permissions';
import { STAFF_INVITATION_VALID_MS } from '@shop/contracts/staff';
import type { Db } from '../../db/database';
import type { EventSubscriber } from '../events';
import { type MailContent, renderMail } from './layout';
import type { Mailer } from './mailer';
import {
  accountCancelledMail,
  codeMail,
  emailChangedMail,
  helpRequestAnsweredMail,
  helpRequestReceivedMail,
  type MailContext,
  newsletterWelcomeMail,
  noAccountMail,
  passwordChangedMail,
  pointsExpiringMail,
  staffInvitationMail,
  welcomeMail,
} from './templates';

type MailOf<T extends DomainEventType> = (
  payload: DomainEventPayload<T>,
  context: MailContext,
) => {
  to: string;
  content: MailContent;
  /** the shopper a marketing message is for (whose preferences decide, and whom its unsubscribe link names) */
  userId?: number;
} | null;

/** Which event mails whom, with which template. */
const MAILS: { [T in DomainEventType]?: MailOf<T> } = {
  'user.registered': (payload, context) => ({
    to: payload.email,
    content: welcomeMail({ firstName: payload.first_name }, context),
  }),
  'user.email_code_issued': (payload, context) => ({
    to: payload.email,
    content:
      !payload.account && (payload.purpose === 'reset' || payload.purpose === 'signout')
        ? noAccountMail({ purpose: payload.purpose }, context)
        : codeMail({ ...payload, validMinutes: EMAIL_CODE_RULES.validMs / 60_000 }, context),
  }),
  'user.password_changed': (payload, context) => ({
    to: payload.email,
    content: passwordChangedMail({ how: payload.how }, context),
  }),
  // the old address is told; the new one proved itself with the code
  'user.email_changed': (payload, context) => ({
    to: payload.old_email,
    content: emailChangedMail({ newEmail: payload.new_email }, context),
  }),
  'user.cancelled': (payload, context) => ({ to: payload.email, content: accountCancelledMail(context) }),
  'staff.invited': (payload, context) => ({
    to: payload.email,
    content: staffInvitationMail(
      {
        nickname: payload.nickname,
        roleLabel: ROLE_LABELS[payload.role],
        invitedBy: payload.invited_by,
        token: payload.token,
        validDays: Math.round(STAFF_INVITATION_VALID_MS / 86_400_000),
      },
      context,
    ),
  }),
  // the newsletter's preferences belong to an account: an address without one has nothing to unsubscribe from
  'newsletter.subscribed': (payload, context) =>
    payload.user_id === null ? null : { to: payload.email, content: newsletterWelcomeMail(context), userId: payload.user_id },
  'request.received': (payload, context) => ({
    to: payload.email,
    content: helpRequestReceivedMail(
      { name: payload.name, reference: payload.request_id, what: HELP_REQUEST_KIND_LABELS[payload.kind] },
      context,
    ),
  }),
  'request.answered': (payload, context) => ({
    to: payload.email,
    content: helpRequestAnsweredMail(
      { name: payload.name, reference: payload.request_id, what: HELP_REQUEST_KIND_LABELS[payload.kind], answer: payload.answer },
      context,
    ),
  }),
  'points.expiring': (payload, context) => ({
    to: payload.email,
    content: pointsExpiringMail({ points: payload.points, expiresAt: payload.expires_at }, context),
    userId: payload.user_id,
  }),
};

/** What the mail subscriber asks about a marketing message (the notifications module answers). */
export type MarketingMail = {
  /** read in the subscriber's transaction */
  allows: (trx: Db, userId: number, category: MarketingCategory) => Promise<boolean>;
  unsubscribeUrl: (userId: number, category: MarketingCategory) => string;
};

export const MAIL_SUBSCRIBER = 'mail';

/** A message to send: to whom, what, and for a marketing message the shopper whose preferences decide. */
export type OutgoingMail = { to: string; content: MailContent; userId?: number };

/**
 * Sends rendered messages, in the caller's transaction: order and account mail always; a marketing
 * message only to a shopper who takes its category by e-mail, with the one-click unsubscribe link
 * in its footer and in its List-Unsubscribe headers (RFC 8058).
 */
export function createMailSender(options: { mailer: Mailer; shopUrl: string; marketing: MarketingMail }) {
  const shopUrl = new URL('/', options.shopUrl).toString();
  const context: MailContext = { link: (path) => new URL(path, shopUrl).toString() };
  return {
    context,
    async send(trx: Db, now: number, mail: OutgoingMail, what: string): Promise<void> {
      const { to, content, userId } = mail;
      const year = new Date(now).getUTCFullYear();
      if (!content.marketing) {
        await options.mailer.enqueue({ to, ...renderMail(content, { shopUrl, year }) }, trx, now);
        return;
      }
      if (userId === undefined) throw new Error(`the marketing mail of ${what} names no shopper`);
      if (!(await options.marketing.allows(trx, userId, content.marketing))) return;
      const unsubscribeUrl = options.marketing.unsubscribeUrl(userId, content.marketing);
      const rendered = renderMail(content, { shopUrl, year, unsubscribeUrl });
      const headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      await options.mailer.enqueue({ to, ...rendered, headers }, trx, now);
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

/** The events this subscriber mails with a template of their own (others may mail a generic notice). */
export const MAILED_EVENTS = Object.keys(MAILS) as DomainEventType[];

/**
 * The mail subscriber: each event it handles becomes one message, rendered from its template and
 * queued in the transaction that records the event as handled (so it is queued once).
 */
export function createMailSubscriber(sender: MailSender): EventSubscriber {
  return {
    name: MAIL_SUBSCRIBER,
    handles: MAILED_EVENTS,
    async handle(event, trx, now) {
      const mailOf = MAILS[event.type] as MailOf<DomainEventType> | undefined;
      if (!mailOf) return;
      const mail = mailOf(event.payload, sender.context);
      if (!mail) return;
      await sender.send(trx, now, mail, event.type);
    },
  };
}
