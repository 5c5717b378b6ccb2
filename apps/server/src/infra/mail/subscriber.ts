import { EMAIL_CODE_RULES } from '@shop/contracts/email-codes';
import type { DomainEventPayload, DomainEventType } from '@shop/contracts/events';
import type { EventSubscriber } from '../events';
import { type MailContent, renderMail } from './layout';
import type { Mailer } from './mailer';
import {
  accountCancelledMail,
  codeMail,
  emailChangedMail,
  type MailContext,
  noAccountMail,
  passwordChangedMail,
  welcomeMail,
} from './templates';

type MailOf<T extends DomainEventType> = (
  payload: DomainEventPayload<T>,
  context: MailContext,
) => { to: string; content: MailContent };

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
};

export const MAIL_SUBSCRIBER = 'mail';

/**
 * The mail subscriber: each event it handles becomes one message, rendered from its template and
 * queued in the transaction that records the event as handled (so it is queued once).
 */
export function createMailSubscriber(options: { mailer: Mailer; shopUrl: string }): EventSubscriber {
  const shopUrl = new URL('/', options.shopUrl).toString();
  const context: MailContext = { link: (path) => new URL(path, shopUrl).toString() };
  return {
    name: MAIL_SUBSCRIBER,
    handles: Object.keys(MAILS) as DomainEventType[],
    async handle(event, trx, now) {
      const mailOf = MAILS[event.type] as MailOf<DomainEventType> | undefined;
      if (!mailOf) return;
      const { to, content } = mailOf(event.payload, context);
      const rendered = renderMail(content, { shopUrl, year: new Date(now).getUTCFullYear() });
      await options.mailer.enqueue({ to, ...rendered }, trx, now);
    },
  };
}
