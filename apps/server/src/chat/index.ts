/**
 * The live chat (decisions 0005, 0064): the websocket gateway and its rules, the agents' queue and
 * presence, offline replies, the contact panel's routes, the support content (quick replies and the
 * knowledge base, `support-content/`) and the chat's attachments (`uploads/`). The support content
 * and the uploads are parts of this module, not modules of their own: the support content reads the
 * agents' presence from the chat's service, and the uploads are the files a conversation carries, kept
 * in the chat's tables and served only to its participants. What the rest of the server uses of the
 * chat is below.
 */
export { createCardBuilder } from './cards';
export { loadChatConfig } from './config';
export { contactRoutes } from './contact-routes';
export { registerChat } from './gateway';
export { chatLimits } from './limits';
export { createChatOffline, createReplyMailSubscriber } from './offline';
export { chatOfflineRoutes } from './offline-routes';
export { chatOf, conversationsOfUser, eraseChatIdentity, transcriptOfUser } from './personal-data';
export { type Agent, type ChatService, chatFigures } from './service';
export { supportContentRoutes } from './support-content/routes';
export { createSupportContentService } from './support-content/service';
export { identifyChatUploader } from './uploader';
export { expireUploads } from './uploads/expiry';
export { chatUploadRoutes } from './uploads/routes';
export { createChatUploadService } from './uploads/service';
