import { z } from 'zod';
import { ChatStatus } from './chat-protocol';
import {
  KB_ANSWER_MAX_LENGTH,
  KB_QUESTION_MAX_LENGTH,
  KB_QUESTIONS_MAX,
  QUICK_REPLY_CONTENT_MAX_LENGTH,
  QUICK_REPLY_SORT_LIMIT,
  QUICK_REPLY_TITLE_MAX_LENGTH,
  SUPPORT_KEYWORD_MAX_LENGTH,
  SUPPORT_PAGE_SIZE_DEFAULT,
  SUPPORT_PAGE_SIZE_MAX,
  SupportTexts,
} from './chat-support-rules';
import { envelope, listResult } from './envelope';
import { id, text } from './fields';

export * from './chat-support-rules';

/**
 * The agents' support content (issue "chat service", item 5; spec 2 "Live chat window": the quick
 * replies and knowledge base tabs; spec 3 "Tourist": quick replies with content, knowledge-base
 * entries). Staff manage both under `/admin/kefu/...`; the chat gateway lists them to agents, and a
 * matching enabled knowledge-base entry answers a visitor when no agent is online.
 */

const ZId = id('id', SupportTexts.idInvalid);

/** `{ id }`: the body of every delete. */
export const ZSupportIdRequest = z.object({ id: ZId });
export type TSupportIdRequest = z.input<typeof ZSupportIdRequest>;

const ZPage = z.coerce
  .number({ error: SupportTexts.pageInvalid })
  .int(SupportTexts.pageInvalid)
  .min(1, SupportTexts.pageInvalid)
  .max(1_000_000, SupportTexts.pageInvalid)
  .default(1);
const ZPageSize = z.coerce
  .number({ error: SupportTexts.pageSizeInvalid })
  .int(SupportTexts.pageSizeInvalid)
  .min(1, SupportTexts.pageSizeInvalid)
  .max(SUPPORT_PAGE_SIZE_MAX, SupportTexts.pageSizeInvalid)
  .default(SUPPORT_PAGE_SIZE_DEFAULT);

// ---------------------------------------------------------------- quick replies

const ZQuickReplyTitle = text({ error: SupportTexts.titleInvalid })
  .trim()
  .max(QUICK_REPLY_TITLE_MAX_LENGTH, SupportTexts.titleTooLong);
/** Kept as written (Markdown, line breaks); only required to hold more than white space. */
const ZQuickReplyContent = text({ error: SupportTexts.replyRequired })
  .refine((value) => value.trim().length > 0, SupportTexts.replyRequired)
  .refine((value) => value.length <= QUICK_REPLY_CONTENT_MAX_LENGTH, SupportTexts.replyTooLong);
const ZQuickReplySort = z
  .number({ error: SupportTexts.sortInvalid })
  .int(SupportTexts.sortInvalid)
  .min(-QUICK_REPLY_SORT_LIMIT, SupportTexts.sortInvalid)
  .max(QUICK_REPLY_SORT_LIMIT, SupportTexts.sortInvalid);
const ZShared = z.boolean({ error: SupportTexts.sharedInvalid });

/** A quick reply as agents see it; `shared` ones belong to every agent. */
export const ZQuickReply = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  shared: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TQuickReply = z.infer<typeof ZQuickReply>;

const ZKeyword = text({ error: SupportTexts.keywordInvalid }).trim().max(SUPPORT_KEYWORD_MAX_LENGTH, SupportTexts.keywordTooLong);

/**
 * GET /admin/kefu/quickReply/list: the caller's own quick replies and the shared ones, by sort then
 * id; `keyword` searches their titles and texts.
 */
export const ZQuickReplyListQuery = z.object({ page: ZPage, page_size: ZPageSize, keyword: ZKeyword.optional() });
export type TQuickReplyListQuery = z.input<typeof ZQuickReplyListQuery>;
export const ZQuickReplyListResponse = envelope(listResult(ZQuickReply));

/** POST /admin/kefu/quickReply/add; `shared: true` is for administrators. */
export const ZQuickReplyAddRequest = z.object({
  title: ZQuickReplyTitle.optional(),
  content: ZQuickReplyContent,
  sort: ZQuickReplySort.optional(),
  shared: ZShared.optional(),
});
export type TQuickReplyAddRequest = z.input<typeof ZQuickReplyAddRequest>;

/** POST /admin/kefu/quickReply/edit: the fields given change, the others stay. */
export const ZQuickReplyEditRequest = z.object({
  id: ZId,
  title: ZQuickReplyTitle.optional(),
  content: ZQuickReplyContent.optional(),
  sort: ZQuickReplySort.optional(),
  shared: ZShared.optional(),
});
export type TQuickReplyEditRequest = z.input<typeof ZQuickReplyEditRequest>;

export const ZQuickReplyResponse = envelope(ZQuickReply);

// ---------------------------------------------------------------- knowledge base

const ZKbQuestion = text({ error: SupportTexts.questionRequired })
  // stored one per line: a line break inside a variant is only white space
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, SupportTexts.questionRequired).max(KB_QUESTION_MAX_LENGTH, SupportTexts.questionTooLong));

/** 1–20 question variants; repeats (ignoring case) count once. */
const ZKbQuestions = z
  .array(ZKbQuestion, { error: SupportTexts.questionsRequired })
  .min(1, SupportTexts.questionsRequired)
  .max(KB_QUESTIONS_MAX, SupportTexts.questionsTooMany)
  .transform((questions) => {
    const seen = new Set<string>();
    return questions.filter((question) => {
      const key = question.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
const ZKbAnswer = text({ error: SupportTexts.answerRequired })
  .refine((value) => value.trim().length > 0, SupportTexts.answerRequired)
  .refine((value) => value.length <= KB_ANSWER_MAX_LENGTH, SupportTexts.answerTooLong);
const ZEnabled = z.boolean({ error: SupportTexts.enabledInvalid });

/** A knowledge-base entry: the question variants it answers, its answer, and whether it answers visitors. */
export const ZKbEntry = z.object({
  id: z.number().int(),
  questions: z.array(z.string()),
  answer: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TKbEntry = z.infer<typeof ZKbEntry>;

/** GET /admin/kefu/kbs/list (any staff): newest first; `keyword` searches questions and answers. */
export const ZKbListQuery = z.object({
  page: ZPage,
  page_size: ZPageSize,
  keyword: ZKeyword.optional(),
});
export type TKbListQuery = z.input<typeof ZKbListQuery>;
export const ZKbListResponse = envelope(listResult(ZKbEntry));

/** POST /admin/kefu/kbs/add (administrators); `enabled` defaults to true. */
export const ZKbAddRequest = z.object({
  questions: ZKbQuestions,
  answer: ZKbAnswer,
  enabled: ZEnabled.optional(),
});
export type TKbAddRequest = z.input<typeof ZKbAddRequest>;

/** POST /admin/kefu/kbs/edit (administrators): the fields given change, the others stay. */
export const ZKbEditRequest = z.object({
  id: ZId,
  questions: ZKbQuestions.optional(),
  answer: ZKbAnswer.optional(),
  enabled: ZEnabled.optional(),
});
export type TKbEditRequest = z.input<typeof ZKbEditRequest>;

export const ZKbEntryResponse = envelope(ZKbEntry);

// ---------------------------------------------------------------- agents

/**
 * An agent (a csr staff account) as other agents see them when handing over a conversation:
 * `status` is the one the chat shows (their choice while connected, 'offline' otherwise) and
 * `online` (0/1) whether the chat has seen a connection of theirs within the presence window.
 */
export const ZCsrAgent = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  status: ChatStatus,
  online: z.union([z.literal(0), z.literal(1)]),
});
export type TCsrAgent = z.infer<typeof ZCsrAgent>;

/** GET /admin/kefu/csr/list (any staff): the agents, connected ones first, then by nickname. */
export const ZCsrListQuery = z.object({ page: ZPage, page_size: ZPageSize });
export type TCsrListQuery = z.input<typeof ZCsrListQuery>;
export const ZCsrListResponse = envelope(listResult(ZCsrAgent));

/** The service's view of a list request, after defaults. */
export type TSupportPage = { page: number; page_size: number };
export type TKbListInput = TSupportPage & { keyword?: string };
export type TSupportList<T> = { data: T[]; total: number };
