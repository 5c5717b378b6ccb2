/**
 * The shopper's message inbox (decision 0039). What other features may import from this one: they
 * reach it only through this file. The page is not named here: its route imports it from its module.
 */
export { MESSAGES_PAGE } from '@shop/contracts/messages-rules';
export { unreadLabel } from './unread';
