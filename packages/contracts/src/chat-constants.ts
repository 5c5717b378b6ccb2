import { CHAT_UPLOAD_MAX_BYTES } from './constants';

/**
 * The chat's plain constants: numbers, texts and the pathInfo names, with no zod, so that the
 * browser's chat code can import them without the schemas (chat-protocol.ts re-exports them).
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
/** The close code of a connection whose sign-in session ended (after a `session_ended` push). */
export const CHAT_CLOSE_SESSION_ENDED = 4001;

/** An agent's cap on open conversations (decision 0056): the default's default, and the bounds of both. */
export const CHAT_AGENT_CAP_DEFAULT = 5;
export const CHAT_AGENT_CAP_MIN = 1;
export const CHAT_AGENT_CAP_MAX = 50;

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
  cardWithoutRecord: 'Choose the product, order or file to send again',
  goodsNotAllowed: 'Products cannot be sent in this conversation',
  ordersNotAllowed: 'Orders cannot be sent in this conversation',
  goodsGone: 'This product is no longer available',
  orderGone: 'This order cannot be found',
  fileGone: 'This file is no longer available, please upload it again',
  signedOut: 'You have been signed out',
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  tooManyVisitors: 'Too many new chats were started from your network. Please try again in a while.',
  uploadQuota: 'You have uploaded as much as a visitor may in one day. Please try again tomorrow.',
  resolved: 'This conversation was marked as resolved. Write again any time to reopen it.',
  notResolved: 'Only a resolved conversation can be rated',
  alreadyRated: 'You have already rated this conversation',
  snoozeInPast: 'Choose a time in the future to snooze until',
  agentFull: 'This agent already has as many open conversations as they may take. Choose another agent.',
  transferMoved: 'The conversation changed a moment ago. Open it again and try once more.',
  storageFull: 'Your files take up all the space kept for you. Please try again once older files have expired.',
  searchEmpty: 'Type a word to search for',
  searchTooLong: 'A search may be at most 100 characters',
  searchNoWords: 'Search for letters or numbers: punctuation alone finds nothing',
} as const;

export const PathInfo = {
  initialize: 'worker/kefu.WsIndex/initialize',
  distribution: 'worker/kefu.WsIndex/distribution',
  changeLanguage: 'worker/kefu.WsMixed/changeLanguage',
  touristInfo: 'worker/kefu.WsMixed/touristInfo',
  getTrajectoryData: 'worker/kefu.WsMixed/getTrajectoryData',
  getKbsData: 'worker/kefu.WsMixed/getKbsData',
  messageInputState: 'worker/kefu.WsMixed/messageInputState',
  trajectory: 'worker/kefu.WsMixed/trajectory',
  ping: 'worker/kefu.WsMixed/ping',
  changeStatus: 'worker/kefu.WsMixed/changeStatus',
  addSession: 'worker/kefu.Wsession/addSession',
  sendSessionMessage: 'worker/kefu.Wsession/sendSessionMessage',
  sessionInfo: 'worker/kefu.Wsession/sessionInfo',
  loadRecords: 'worker/kefu.Wsession/loadRecords',
  readMessage: 'worker/kefu.Wsession/readMessage',
  refreshSessionList: 'worker/kefu.Wsession/refreshSessionList',
  touristList: 'worker/kefu.WsMixed/touristList',
  invite: 'worker/kefu.WsMixed/invite',
  transfer: 'worker/kefu.Wsession/transfer',
  top: 'worker/kefu.Wsession/top',
  /** an agent resolves, snoozes or reopens a conversation (decision 0053) */
  changeSessionState: 'worker/kefu.Wsession/changeSessionState',
  /** an agent's lists: Mine, Unassigned, All (supervisors), with counts, a page at a time */
  sessionList: 'worker/kefu.Wsession/sessionList',
  /** the visitor rates a resolved conversation, once per resolution */
  rateSession: 'worker/kefu.Wsession/rateSession',
  /** an agent searches every conversation and contact they may read; answered by `searchDone` (decision 0062) */
  search: 'worker/kefu.Wsession/search',
  /** an agent writes a private note in a conversation: agents see it, the visitor never (decision 0058) */
  addNote: 'worker/kefu.Wsession/addNote',
  /** the private notes of a conversation, for its agents */
  loadNotes: 'worker/kefu.Wsession/loadNotes',
  /** an agent adds or removes a label of a conversation */
  labelSession: 'worker/kefu.Wsession/labelSession',
  /** what a quick reply's variables stand for in a conversation ({name}, {order_no}) */
  replyVariables: 'worker/kefu.WsMixed/replyVariables',
} as const;

export const CHAT_TRAJECTORY_PAGE_SIZE = 20;
/** How many of the waiting visitors the agents' queue lists (the count covers all of them). */
export const CHAT_QUEUE_LIST_SIZE = 50;
export const CHAT_TOURISTS_PAGE_SIZE = 50;

/** The conversation's lifecycle (decision 0053): open, resolved, or snoozed until a time. */
export const CHAT_SESSION_STATES = ['open', 'resolved', 'snoozed'] as const;
export type TChatSessionState = (typeof CHAT_SESSION_STATES)[number];
/** The agents' lists: their own, the queue, and (with chat.configure) every conversation. */
export const CHAT_SESSION_VIEWS = ['mine', 'unassigned', 'all'] as const;
export type TChatSessionView = (typeof CHAT_SESSION_VIEWS)[number];
export const CHAT_SESSION_LIST_PAGE_SIZE = 20;
/** The longest a conversation may be snoozed for. */
export const CHAT_SNOOZE_MAX_MS = 30 * 86_400_000;
export const CHAT_RATING_COMMENT_MAX_LENGTH = 1000;

/** Private notes and labels (decision 0058). */
export const CHAT_NOTE_MAX_LENGTH = 2000;
/** Notes come a page at a time, newest page first (loadNotes `before_id` for the one before). */
export const CHAT_NOTES_PAGE_SIZE = 50;
export const CHAT_LABEL_MAX_LENGTH = 30;
export const CHAT_LABELS_MAX = 10;

/** The texts of notes and labels: the server's errors, the same words wherever they are shown. */
export const ChatNoteTexts = {
  noteEmpty: 'The note is empty',
  noteTooLong: `A note may be at most ${CHAT_NOTE_MAX_LENGTH} characters`,
  labelEmpty: 'Type a label',
  labelTooLong: `A label may be at most ${CHAT_LABEL_MAX_LENGTH} characters`,
  labelHasLineBreak: 'A label is one line of text',
  tooManyLabels: `A conversation may have at most ${CHAT_LABELS_MAX} labels`,
  labelTaken: 'The conversation already has this label',
  labelMissing: 'The conversation has no such label',
  supervisorOnly: 'Only the conversation’s agent or a supervisor may do this',
} as const;

/** The variables a quick reply may hold, and what {name} becomes when the visitor gave none. */
export const QUICK_REPLY_VARIABLES = ['name', 'order_no'] as const;
export type TQuickReplyVariable = (typeof QUICK_REPLY_VARIABLES)[number];
export const QUICK_REPLY_NAME_FALLBACK = 'there';

/** How a session list previews a message that is not text: the same words everywhere. */
export const CHAT_PREVIEW_LABELS: Record<string, string> = {
  good: '[Product]',
  order: '[Order]',
  file: '[File]',
  image: '[Image]',
  link: '[Link]',
};

/** A one-line preview of a message for session lists. */
export function chatPreview(type: string, content: string): string {
  if (type === 'text' || type === 'system') return content.replace(/\s+/g, ' ').slice(0, 120);
  return CHAT_PREVIEW_LABELS[type] ?? `[${type.charAt(0).toUpperCase()}${type.slice(1)}]`;
}

/** The agents' search over conversations and contacts (decision 0062). */
export const CHAT_SEARCH_MAX_LENGTH = 100;
/** Words beyond this many are not searched for. */
export const CHAT_SEARCH_MAX_TERMS = 8;
export const CHAT_SEARCH_PAGE_SIZE = 20;
/** The contacts shown above the first page of messages. */
export const CHAT_SEARCH_CONTACTS_MAX = 5;
/** A snippet's length around the first matching word, in characters. */
export const CHAT_SEARCH_SNIPPET_LENGTH = 160;
