import { z } from 'zod';
import { CHAT_UPLOAD_MAX_BYTES } from './constants';

/**
 * The live chat's wire (spec 7 "Chat service"). A client frame is `{ pathInfo, ...params }`; a
 * server push is `{ type, data }`. Server and clients import every name and shape from here.
 */

// spec 9: chat numbers
export { CHAT_UPLOAD_MAX_BYTES };
export const CHAT_HEARTBEAT_S = 50;
/** A connection silent for two heartbeats is closed. */
export const CHAT_IDLE_CLOSE_MS = 2 * CHAT_HEARTBEAT_S * 1000;
export const CHAT_UPLOAD_TTL_MS = 3 * 86_400_000;
export const CHAT_RECORDS_PAGE_SIZE = 20;
export const CHAT_FRAME_MAX_BYTES = 64 * 1024;
export const CHAT_TEXT_MAX_LENGTH = 10_000;

/** spec 3 "Image suffixes" */
export const IMAGE_SUFFIXES = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'] as const;

export const ChatTexts = {
  uploadTooLarge: 'File size cannot exceed 50MB',
  notAnImage: 'Please select an image file',
  guestUploadRefused: 'Guests are not allowed to send files, please login and try again!',
  selectConversation: 'Please select a conversation',
  loginToViewOrders: 'Please log in to view orders',
  ordersFailed: 'Failed to load orders, please try again later',
  uploadSucceeded: 'File uploaded successfully',
  uploadFailed: 'File upload failed, please try again',
  wsError: 'Websocket error occurred!',
  noWebSocket: 'Your browser does not support WebSocket!',
  httpsNeedsWss: 'HTTPS requires WSS service to connect to the network!',
  reconnecting: 'Network is weak, reconnecting automatically.',
  transferred: '会话转接成功~',
  unknownSize: '未知大小',
  badFrame: 'The message could not be read',
  queued: 'All our agents are busy right now. Please stay here: the first free agent will answer you.',
} as const;

/** spec 4: chat statuses */
export const ChatStatus = z.enum(['online', 'offline', 'busy', 'invisible', 'invite', 'await', 'unknown']);
export type TChatStatus = z.infer<typeof ChatStatus>;

export const ChatIdentity = z.enum(['tourist', 'csr']);
export type TChatIdentity = z.infer<typeof ChatIdentity>;

export const ChatMessageType = z.enum(['text', 'image', 'file', 'link', 'good', 'order', 'system']);
export type TChatMessageType = z.infer<typeof ChatMessageType>;

/** spec 3 "Chat config" */
export const ZChatConfig = z.object({
  app_name: z.string(),
  ws_url: z.string(),
  wss_switch: z.enum(['yes', 'no']),
  websocket_port: z.number().int(),
  not_start_paths: z.array(z.string()),
  new_message_sound: z.enum(['yes', 'no']),
  ring: z.string(),
  new_message_shake: z.enum(['yes', 'no']),
  new_message_notification: z.enum(['yes', 'no']),
  input_status_display: z.enum(['yes', 'no']),
  tourist_file_switch: z.enum(['yes', 'no']),
  auto_invitation_switch: z.enum(['yes', 'no']),
  auto_invitation_max: z.number().int(),
  auto_invitation_timing: z.number().int(),
  auto_invitation_no_session: z.enum(['yes', 'no']),
  click_button_mode: z.string(),
  session_link_prod: z.enum(['yes', 'no']),
  new_user_tip: z.string(),
  goods_api: z.string(),
  orders_api: z.string(),
  send_goods_identity: z.array(ChatIdentity),
  send_orders_identity: z.array(ChatIdentity),
  notice: z.string(),
  notice_theme: z.string(),
  auto_invitation_bg: z.string(),
});
export type TChatConfig = z.infer<typeof ZChatConfig>;

/** POST /worker/kefu.HttpIndex/upload answers this (spec 3 "File extend": name, size, suffix). */
export const ZChatUpload = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  suffix: z.string(),
  mime: z.string(),
  type: z.enum(['image', 'file']),
  expires_at: z.string(),
});
export type TChatUpload = z.infer<typeof ZChatUpload>;
