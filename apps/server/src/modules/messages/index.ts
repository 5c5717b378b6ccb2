/**
 * The shopper's message inbox (decision 0039): `leaveNotice` for the inbox subscriber
 * (workflows/inbox-notices.ts), the list, the read marks and the unread count.
 */
export { eraseMessages, messagesOf } from './personal-data';
export { messageRoutes } from './routes';
export { createMessageService, leaveNotice, unreadMessages } from './service';
