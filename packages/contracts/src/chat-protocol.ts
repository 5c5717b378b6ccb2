import { z } from 'zod';
import {
  CHAT_LABEL_MAX_LENGTH,
  CHAT_NOTE_MAX_LENGTH,
  CHAT_RATING_COMMENT_MAX_LENGTH,
  CHAT_SEARCH_MAX_LENGTH,
  CHAT_SESSION_STATES,
  CHAT_SESSION_VIEWS,
  CHAT_SNOOZE_MAX_MS,
  CHAT_TEXT_MAX_LENGTH,
  ChatNoteTexts,
  ChatTexts,
  PathInfo,
} from './chat-constants';
import { coercedId, INT4_MAX, key, text } from './fields';

/**
 * The live chat's wire (spec 7 "Chat service"). A client frame is `{ pathInfo, ...params }`; a
 * server push is `{ type, data }`. Server and clients import every name and shape from here.
 */

export * from './chat-constants';

/** spec 4: chat statuses */
export const ChatStatus = z.enum(['online', 'offline', 'busy', 'invisible', 'invite', 'await', 'unknown']);
export type TChatStatus = z.infer<typeof ChatStatus>;

/** The conversation's lifecycle (decision 0053). */
export const ChatSessionState = z.enum(CHAT_SESSION_STATES);
export const ChatSessionView = z.enum(CHAT_SESSION_VIEWS);

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

// ── Client frames ────────────────────────────────────────────────────────────────────────────

const sessionId = coercedId('session_id');
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** Message extend fields (spec 3): file {name,size,suffix}, good {id,title,…}, order {id,order_no,…}. */
export const ZMessageExtend = z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 8_000, {
  error: 'extend is too large',
});

export const ZInitializeFrame = z.object({
  pathInfo: z.literal(PathInfo.initialize),
  baToken: key('baToken').max(2048).optional(),
  baUserToken: key('baUserToken').max(2048).optional(),
  baTouristToken: key('baTouristToken').max(2048).optional(),
  backend: z.boolean().optional(),
  language: key('language').max(10).optional(),
  /** the last sequence the client saw, per session id: what is newer is sent again */
  last_seqs: z
    .record(
      z
        .string()
        .regex(/^\d{1,10}$/)
        .refine((sessionId) => Number(sessionId) <= INT4_MAX),
      z.number().int().min(0).max(INT4_MAX),
    )
    .optional(),
});

/**
 * A conversation's label: one line of free text, trimmed, at most CHAT_LABEL_MAX_LENGTH characters;
 * compared without regard to case (decision 0058).
 */
export const ZChatLabel = text({ error: ChatNoteTexts.labelEmpty })
  .trim()
  .min(1, ChatNoteTexts.labelEmpty)
  .max(CHAT_LABEL_MAX_LENGTH, ChatNoteTexts.labelTooLong)
  .refine((label) => !/[\r\n]/.test(label), ChatNoteTexts.labelHasLineBreak);

/** The key a label is unique by in its conversation. */
export const labelKey = (label: string) => label.trim().toLocaleLowerCase('en-US');

const clientId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(64, `${name} is too long`)
    .regex(/^[\w.:-]+$/, `${name} has characters it may not have`);

export const ZChatFrame = z.discriminatedUnion('pathInfo', [
  ZInitializeFrame,
  z.object({ pathInfo: z.literal(PathInfo.distribution) }),
  z.object({ pathInfo: z.literal(PathInfo.ping) }),
  z.object({ pathInfo: z.literal(PathInfo.changeLanguage), language: key('language').min(2).max(10) }),
  z.object({ pathInfo: z.literal(PathInfo.changeStatus), status: ChatStatus }),
  z.object({
    pathInfo: z.literal(PathInfo.messageInputState),
    session_id: sessionId,
    state: z.enum(['input', 'blur']),
  }),
  z.object({
    pathInfo: z.literal(PathInfo.sendSessionMessage),
    /** a visitor's first message has none: it opens the conversation (decision 0014) */
    session_id: sessionId.optional(),
    type: ChatMessageType.exclude(['system']),
    content: text().trim().min(1, 'The message is empty').max(CHAT_TEXT_MAX_LENGTH, 'The message is too long'),
    title: text().max(500).optional(),
    extend: ZMessageExtend.optional(),
    client_msg_id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\w.:-]+$/, 'client_msg_id has characters it may not have'),
  }),
  z.object({ pathInfo: z.literal(PathInfo.sessionInfo), session_id: sessionId }),
  z.object({ pathInfo: z.literal(PathInfo.loadRecords), id: sessionId, page }),
  z.object({
    pathInfo: z.literal(PathInfo.readMessage),
    session_id: sessionId,
    /** marks read everything up to this sequence (all when absent) */
    up_to_seq: z
      .number({ error: 'up_to_seq must be a whole number' })
      .int('up_to_seq must be a whole number')
      .min(0, 'up_to_seq must be a whole number')
      .max(INT4_MAX, 'up_to_seq is not a known sequence')
      .optional(),
  }),
  z.object({ pathInfo: z.literal(PathInfo.refreshSessionList) }),
  z.object({ pathInfo: z.literal(PathInfo.addSession), tourist_id: coercedId('tourist_id') }),
  z.object({ pathInfo: z.literal(PathInfo.getKbsData), page, keyword: text().trim().max(100).optional() }),
  z.object({
    pathInfo: z.literal(PathInfo.trajectory),
    title: text().max(300).default(''),
    details: text().max(1000).optional(),
    url: text().min(1).max(2000),
    referrer: text().max(2000).default(''),
    broadcast: z.boolean().optional(),
  }),
  z.object({ pathInfo: z.literal(PathInfo.getTrajectoryData), id: coercedId('id'), page }),
  z.object({ pathInfo: z.literal(PathInfo.touristInfo), id: coercedId('id') }),
  z.object({ pathInfo: z.literal(PathInfo.touristList), page }),
  z.object({ pathInfo: z.literal(PathInfo.invite), tourist_id: coercedId('tourist_id') }),
  z.object({ pathInfo: z.literal(PathInfo.transfer), session_id: sessionId, csr_id: coercedId('id') }),
  z.object({ pathInfo: z.literal(PathInfo.top), session_id: sessionId, top: z.union([z.literal(0), z.literal(1)]) }),
  z
    .object({
      pathInfo: z.literal(PathInfo.changeSessionState),
      session_id: sessionId,
      state: ChatSessionState,
      /** epoch milliseconds; required to snooze, in the future and at most CHAT_SNOOZE_MAX_MS away */
      snoozed_until: z
        .number({ error: 'snoozed_until must be a time' })
        .int('snoozed_until must be a time')
        .min(0, 'snoozed_until must be a time')
        .max(Number.MAX_SAFE_INTEGER - CHAT_SNOOZE_MAX_MS, 'snoozed_until must be a time')
        .optional(),
    })
    .refine((frame) => frame.state !== 'snoozed' || frame.snoozed_until !== undefined, {
      error: 'Choose a time to snooze until',
      path: ['snoozed_until'],
    }),
  z.object({
    pathInfo: z.literal(PathInfo.sessionList),
    view: ChatSessionView,
    state: ChatSessionState.default('open'),
    page,
    /** only the conversations that carry this label (any case) */
    label: ZChatLabel.optional(),
  }),
  z.object({
    pathInfo: z.literal(PathInfo.addNote),
    session_id: sessionId,
    content: text({ error: ChatNoteTexts.noteEmpty })
      .trim()
      .min(1, ChatNoteTexts.noteEmpty)
      .max(CHAT_NOTE_MAX_LENGTH, ChatNoteTexts.noteTooLong),
    client_note_id: clientId('client_note_id'),
  }),
  z.object({
    pathInfo: z.literal(PathInfo.loadNotes),
    session_id: sessionId,
    /** the page of notes written before this one (absent: the newest page) */
    before_id: coercedId('before_id').optional(),
  }),
  z.object({
    pathInfo: z.literal(PathInfo.labelSession),
    session_id: sessionId,
    action: z.enum(['add', 'remove'], { error: 'action must be add or remove' }),
    label: ZChatLabel,
  }),
  z.object({ pathInfo: z.literal(PathInfo.replyVariables), session_id: sessionId }),
  z.object({
    pathInfo: z.literal(PathInfo.rateSession),
    session_id: sessionId,
    stars: z
      .number({ error: 'Choose from 1 to 5 stars' })
      .int('Choose from 1 to 5 stars')
      .min(1, 'Choose from 1 to 5 stars')
      .max(5, 'Choose from 1 to 5 stars'),
    comment: text()
      .trim()
      .max(CHAT_RATING_COMMENT_MAX_LENGTH, `The comment may be at most ${CHAT_RATING_COMMENT_MAX_LENGTH} characters`)
      .default(''),
  }),
  z.object({
    pathInfo: z.literal(PathInfo.search),
    keyword: text({ error: ChatTexts.searchEmpty })
      .trim()
      .min(1, ChatTexts.searchEmpty)
      .max(CHAT_SEARCH_MAX_LENGTH, ChatTexts.searchTooLong),
    page,
  }),
]);
export type TChatFrame = z.infer<typeof ZChatFrame>;

// ── Server pushes ────────────────────────────────────────────────────────────────────────────

export const PushType = z.enum([
  'init',
  'pong',
  'changeStatus',
  'csrWindowInit',
  'tourists',
  'csrTransfer',
  'sessions',
  'sessionInfo',
  'touristInfo',
  'sessionRecords',
  'distribution',
  'messageInputState',
  'newMessage',
  'readMessage',
  'changeUserBaseInfo',
  'searchDone',
  'operates',
  'trajectoryData',
  'kbsData',
  'languageChanged',
  'tip',
  'error',
  'close',
  'session_ended',
  'sessionList',
  'note',
  'notes',
  'replyVariables',
]);
export type TPushType = z.infer<typeof PushType>;

/** spec 3 "Chat user (imUser)" as `init` sends it. */
export const ZChatUser = z.object({
  id: z.number().int(),
  identity: ChatIdentity,
  nickname: z.string(),
  avatar: z.string(),
  status: ChatStatus,
  token: z.string(),
});
export type TChatUser = z.infer<typeof ZChatUser>;

/** spec 3 "Chat message", plus where it stands in its session. */
export const ZChatMessage = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  seq: z.number().int(),
  type: ChatMessageType,
  content: z.string(),
  title: z.string(),
  sender_id: z.number().int(),
  sender_identity: z.enum(['tourist', 'csr', 'system']),
  status: z.enum(['unread', 'read']),
  extend: z.record(z.string(), z.unknown()),
  client_msg_id: z.string(),
  auto_reply: z.boolean(),
  created_at: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

/** spec 3 "Chat session" as one side sees it. */
export const ZChatSession = z.object({
  id: z.number().int(),
  session_user_id: z.number().int(),
  session_user_identity: ChatIdentity,
  session_user_status: ChatStatus,
  nickname: z.string(),
  avatar: z.string(),
  last_message: z.string(),
  last_seq: z.number().int(),
  unread_message_count: z.number().int(),
  sort_time: z.number().int(),
  top: z.number().int(),
  status: z.enum(['queued', 'active', 'closed']),
  /** the lifecycle: open, resolved (the visitor's next message reopens it), snoozed until a time */
  state: ChatSessionState,
  /** while snoozed, when it wakes (ISO time); null otherwise */
  snoozed_until: z.string().nullable(),
  /** the agent it is with (0 while queued), for lists that show more than one's own */
  csr_id: z.number().int(),
  /** the visitor's latest rating of this conversation, which agents see on it */
  rating: z.object({ stars: z.number().int(), comment: z.string(), created_at: z.string() }).nullable(),
  /** resolved and not rated since: the visitor's widget asks its one question */
  rating_due: z.boolean(),
  /** the agents' labels, in the order they were added (always empty for the visitor) */
  labels: z.array(z.string()),
});
export type TChatSession = z.infer<typeof ZChatSession>;

/** spec 3 "Tourist" as agents see it. */
export const ZChatTourist = z.object({
  id: z.number().int(),
  identity: z.literal('tourist'),
  status: ChatStatus,
  nickname: z.string(),
  avatar: z.string(),
  last_message: z.string(),
  trajectory_count: z.number().int(),
  last_trajectory_url: z.string(),
  signed_in: z.boolean(),
});
export type TChatTourist = z.infer<typeof ZChatTourist>;

export type TChatPush = { type: TPushType; data: unknown };

/**
 * The queue as agents see it (`operates` push, `{ queue }`): how many visitors wait, and the
 * longest-waiting of them with the preview of their first message. `at` orders snapshots.
 */
export const ZChatQueue = z.object({
  count: z.number().int(),
  at: z.number().int(),
  data: z.array(
    z.object({
      session_id: z.number().int(),
      tourist_id: z.number().int(),
      nickname: z.string(),
      avatar: z.string(),
      /** when the conversation was opened (ISO time) */
      since: z.string(),
      /** the visitor's first message, as session lists preview it */
      preview: z.string(),
    }),
  ),
});
export type TChatQueue = z.infer<typeof ZChatQueue>;

/**
 * `changeUserBaseInfo`: the other side of a conversation changed (another agent after a transfer,
 * an agent's status, a visitor who came or left). The widget's header and the console's lists follow it.
 */
export const ZChatUserBaseInfo = z.object({
  session_id: z.number().int(),
  id: z.number().int(),
  identity: ChatIdentity,
  nickname: z.string(),
  avatar: z.string(),
  status: ChatStatus,
});
export type TChatUserBaseInfo = z.infer<typeof ZChatUserBaseInfo>;

/** `sessionList` answers an agent's list: a page of one view in one state, and each view's count in it. */
export const ZChatSessionList = z.object({
  view: ChatSessionView,
  state: ChatSessionState,
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** how many conversations each view the agent may see holds in this state ('all' only for supervisors) */
  counts: z.object({ mine: z.number().int(), unassigned: z.number().int(), all: z.number().int().nullable() }),
  /** the label the list is filtered by (decision 0058), null for none */
  label: z.string().nullable(),
  data: z.array(ZChatSession),
});
export type TChatSessionList = z.infer<typeof ZChatSessionList>;

/** A highlighted snippet as plain segments: the client marks those that match (no HTML crosses the wire). */
export const ZChatSearchSnippet = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type TChatSearchSnippet = z.infer<typeof ZChatSearchSnippet>;

/** One message found by an agent's search, with its conversation as the agent sees it. */
export const ZChatSearchHit = z.object({
  message_id: z.number().int(),
  session_id: z.number().int(),
  seq: z.number().int(),
  sender_identity: z.enum(['tourist', 'csr', 'system']),
  created_at: z.string(),
  snippet: ZChatSearchSnippet,
  session: ZChatSession,
});
export type TChatSearchHit = z.infer<typeof ZChatSearchHit>;

/** A visitor found by name (or, for roles that may see customers, e-mail or phone), with their latest readable conversation. */
export const ZChatSearchContact = z.object({
  tourist_id: z.number().int(),
  nickname: ZChatSearchSnippet,
  /** the shopper's name on their account; empty for a visitor without one */
  name: ZChatSearchSnippet,
  email: ZChatSearchSnippet,
  phone: ZChatSearchSnippet,
  session: ZChatSession,
});
export type TChatSearchContact = z.infer<typeof ZChatSearchContact>;

/** `searchDone` answers an agent's search: a page of messages, best first, and (on the first page) the contacts. */
export const ZChatSearchResult = z.object({
  keyword: z.string(),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  data: z.array(ZChatSearchHit),
  contacts: z.array(ZChatSearchContact),
});
export type TChatSearchResult = z.infer<typeof ZChatSearchResult>;
/** A private note (decision 0058): pushed as `note` to the conversation's agents, never to its visitor. */
export const ZChatNote = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  /** the last message of the conversation when the note was written: where it stands among them */
  after_seq: z.number().int(),
  csr_id: z.number().int(),
  author: z.string(),
  content: z.string(),
  client_note_id: z.string(),
  created_at: z.string(),
});
export type TChatNote = z.infer<typeof ZChatNote>;

/**
 * `notes` answers loadNotes: a page of one conversation's notes (CHAT_NOTES_PAGE_SIZE, the newest
 * before `before_id`), oldest first; `total` counts them all, `has_more` says older ones remain.
 */
export type TChatNotes = { session_id: number; data: TChatNote[]; total: number; has_more: boolean };

/** `replyVariables`: what {name} and {order_no} are in one conversation; null where there is nothing to fill. */
export type TReplyVariables = { session_id: number; name: string; order_no: string | null };
