/**
 * The agents' support content's limits and texts without zod (quick replies and the knowledge
 * base), so the back office's pages carry no schema code; chat-support.ts has the schemas built
 * from the same rules.
 */

export const QUICK_REPLY_TITLE_MAX_LENGTH = 100;
export const QUICK_REPLY_CONTENT_MAX_LENGTH = 5_000;
export const QUICK_REPLY_SORT_LIMIT = 1_000_000;
export const KB_QUESTIONS_MAX = 20;
export const KB_QUESTION_MAX_LENGTH = 200;
export const KB_ANSWER_MAX_LENGTH = 5_000;
export const SUPPORT_PAGE_SIZE_DEFAULT = 20;
export const SUPPORT_PAGE_SIZE_MAX = 100;
export const SUPPORT_KEYWORD_MAX_LENGTH = 100;

export const SupportTexts = {
  replyRequired: 'Please enter the reply',
  replyTooLong: `The reply can be at most ${QUICK_REPLY_CONTENT_MAX_LENGTH} characters`,
  titleInvalid: 'Please enter a title as text',
  titleTooLong: `The title can be at most ${QUICK_REPLY_TITLE_MAX_LENGTH} characters`,
  sortInvalid: `Sort must be a whole number between -${QUICK_REPLY_SORT_LIMIT} and ${QUICK_REPLY_SORT_LIMIT}`,
  sharedInvalid: 'Shared must be true or false',
  idInvalid: 'Please choose a valid id',
  questionsRequired: 'Please enter at least one question',
  questionsTooMany: `Enter at most ${KB_QUESTIONS_MAX} questions`,
  questionRequired: 'Please enter the question',
  questionTooLong: `A question can be at most ${KB_QUESTION_MAX_LENGTH} characters`,
  answerRequired: 'Please enter the answer',
  answerTooLong: `The answer can be at most ${KB_ANSWER_MAX_LENGTH} characters`,
  enabledInvalid: 'Enabled must be true or false',
  pageInvalid: 'Page must be a whole number of at least 1',
  pageSizeInvalid: `Page size must be a whole number from 1 to ${SUPPORT_PAGE_SIZE_MAX}`,
  keywordInvalid: 'Please enter the keyword as text',
  keywordTooLong: `The keyword can be at most ${SUPPORT_KEYWORD_MAX_LENGTH} characters`,
  quickReplyNotFound: 'Quick reply not found',
  kbEntryNotFound: 'Knowledge-base entry not found',
  onlyAdminsShare: 'Only administrators can share quick replies',
  onlyAdminsEditShared: 'Only administrators can change shared quick replies',
  onlyAdminsEditKb: 'Only administrators can change the knowledge base',
  saved: 'Saved',
  deleted: 'Deleted',
} as const;

/** The staff API of quick replies and the knowledge base. */
export const SupportPaths = {
  quickReplyList: '/admin/kefu/quickReply/list',
  quickReplyAdd: '/admin/kefu/quickReply/add',
  quickReplyEdit: '/admin/kefu/quickReply/edit',
  quickReplyDelete: '/admin/kefu/quickReply/delete',
  kbList: '/admin/kefu/kbs/list',
  kbAdd: '/admin/kefu/kbs/add',
  kbEdit: '/admin/kefu/kbs/edit',
  kbDelete: '/admin/kefu/kbs/delete',
} as const;
