import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as catalog from './0002-catalog';
import * as chat from './0003-chat';
import * as catalogSearch from './0004-catalog-search';
import * as site from './0005-site';
import * as chatOneOpenSession from './0006-chat-one-open-session';
import * as commerce from './0007-commerce';
import * as testPaymentLedger from './0008-test-payment-ledger';
import * as chatUploadsByUploader from './0009-chat-uploads-by-uploader';
import * as chatInvitations from './0010-chat-invitations';
import * as eventsAndJobs from './0011-events-and-jobs';
import * as pointsLedger from './0012-points-ledger';
import * as noCascadesIntoMoney from './0013-no-cascades-into-money';
import * as emailCodes from './0014-email-codes';
import * as notificationPreferences from './0016-notification-preferences';
import * as auditTrail from './0017-audit-trail';
import * as coupons from './0018-coupons';
import * as orderLineDiscounts from './0019-order-line-discounts';
import * as pointsAndReferrals from './0020-points-and-referrals';
import * as newsletterAndFeedback from './0022-newsletter-and-feedback';
import * as staffManagement from './0024-staff-management';
import * as userMessages from './0025-user-messages';
import * as reviews from './0027-reviews';
import * as catalogueEditing from './0028-catalogue-editing';
import * as homePages from './0029-home-pages';
import * as returns from './0031-returns';
import * as helpRequests from './0033-help-requests';
import * as chatLifecycle from './0034-chat-lifecycle';
import * as reviewReplies from './0035-review-replies';
import * as customerNotes from './0036-customer-notes';
import * as agentChatCap from './0037-agent-chat-cap';
import * as chatNotesAndLabels from './0038-chat-notes-and-labels';
import * as agentActingForShopper from './0039-agent-acting-for-shopper';
import * as chatOffline from './0040-chat-offline';
import * as chatSearch from './0041-chat-search';

/** Every migration, in order. Bundled with the server, so no files are read at run time. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-catalog': catalog,
  '0003-chat': chat,
  '0004-catalog-search': catalogSearch,
  '0005-site': site,
  '0006-chat-one-open-session': chatOneOpenSession,
  '0007-commerce': commerce,
  '0008-test-payment-ledger': testPaymentLedger,
  '0009-chat-uploads-by-uploader': chatUploadsByUploader,
  '0010-chat-invitations': chatInvitations,
  '0011-events-and-jobs': eventsAndJobs,
  '0012-points-ledger': pointsLedger,
  '0013-no-cascades-into-money': noCascadesIntoMoney,
  '0014-email-codes': emailCodes,
  '0016-notification-preferences': notificationPreferences,
  '0017-audit-trail': auditTrail,
  '0018-coupons': coupons,
  '0019-order-line-discounts': orderLineDiscounts,
  '0020-points-and-referrals': pointsAndReferrals,
  '0022-newsletter-and-feedback': newsletterAndFeedback,
  '0024-staff-management': staffManagement,
  '0025-user-messages': userMessages,
  '0027-reviews': reviews,
  '0028-catalogue-editing': catalogueEditing,
  '0029-home-pages': homePages,
  '0031-returns': returns,
  '0033-help-requests': helpRequests,
  '0034-chat-lifecycle': chatLifecycle,
  '0035-review-replies': reviewReplies,
  '0036-customer-notes': customerNotes,
  '0037-agent-chat-cap': agentChatCap,
  '0038-chat-notes-and-labels': chatNotesAndLabels,
  '0039-agent-acting-for-shopper': agentActingForShopper,
  '0040-chat-offline': chatOffline,
  '0041-chat-search': chatSearch,
};
