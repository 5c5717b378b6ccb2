/**
 * The shoppers' chat: the connection, message rules, composer and message list the agents' console is built from (decision 0024). What other features may import from this one: they reach it only through this
 * file. Pages and their heavy parts are not named here: the routes import them from their own
 * modules, since a bundle keeps every module an index names wherever the index is imported.
 */
export { Composer, type ComposerAssist, type ComposerHandle } from './composer/composer';
export { ChatConnection, type ChatConnectionDetail, type ChatConnectionState, type ChatPush } from './connection';
export { type ChatLanguage, changeChatLanguage, isChatLanguage, useChatLanguage } from './language';
export { ChatMarkdown } from './messages/chat-markdown';
export { MessageList } from './messages/message-list';
export { messageTexts } from './messages/texts';
export {
  applyReadReceipt,
  lastSeqOf,
  mergeMessages,
  newClientMsgId,
  type PendingMessage,
  pendingAsMessage,
  type ReadReceipt,
  settlePending,
} from './messages-merge';
export { withAppName } from './texts';
export { loadChatConfig } from './widget/chat-config';
export { useMobileChat } from './widget/use-mobile';
