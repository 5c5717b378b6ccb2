import { z } from 'zod';
import { ZEmail } from './auth';
import { ZEmailCode } from './email-codes';
import { envelope, listResult } from './envelope';
import { coercedId, id, text, wholeNumber } from './fields';
import { HELP_REQUEST_KINDS, HELP_REQUEST_LIMITS, HELP_REQUEST_STATUSES, HelpRequestMessages as M } from './help-requests-rules';

export * from './help-requests-rules';

/**
 * Requests from the help pages (decision 0052): what the forms send, what the back office reads
 * and writes. The forms are multipart (the files ride along); their text fields are checked by
 * these schemas once the body is read.
 */

const ZName = text({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(HELP_REQUEST_LIMITS.name, M.nameTooLong);
const ZPhone = text({ error: M.phoneTooLong }).trim().max(HELP_REQUEST_LIMITS.phone, M.phoneTooLong).default('');
const ZDescription = text({ error: M.descriptionShort })
  .trim()
  .min(HELP_REQUEST_LIMITS.descriptionMin, M.descriptionShort)
  .max(HELP_REQUEST_LIMITS.description, M.descriptionTooLong);

/** POST /api/custom/upload: a custom or tailor-made request's fields. */
export const ZCustomRequestFields = z.object({
  kind: z.enum(['custom', 'tailor_made'], { error: M.kindInvalid }),
  name: ZName,
  email: ZEmail,
  phone: ZPhone,
  description: ZDescription,
});
export type TCustomRequestFields = z.input<typeof ZCustomRequestFields>;

/** POST /api/company/upload: a wholesale request's fields, with the code sent to `email`. */
export const ZCompanyRequestFields = z.object({
  name: ZName,
  email: ZEmail,
  phone: ZPhone,
  company: text({ error: M.companyRequired }).trim().min(1, M.companyRequired).max(HELP_REQUEST_LIMITS.company, M.companyTooLong),
  description: ZDescription,
  code: z.string({ error: M.codeRequired }).trim().min(1, M.codeRequired).pipe(ZEmailCode),
});
export type TCompanyRequestFields = z.input<typeof ZCompanyRequestFields>;

/** POST /api/company/code */
export const ZCompanyCodeRequest = z.object({ email: ZEmail });

export const ZHelpRequestSent = z.object({ id: z.number().int() });
export const ZHelpRequestSentResponse = envelope(ZHelpRequestSent);

// ---------------------------------------------------------------- staff

export const ZHelpRequestListQuery = z.object({
  kind: z.enum(HELP_REQUEST_KINDS, { error: 'Unknown kind' }).optional(),
  status: z.enum(HELP_REQUEST_STATUSES, { error: 'Unknown status' }).optional(),
  /** a staff member's id, `me`, or `none` for the requests nobody holds */
  assignee: z.union([z.enum(['me', 'none']), coercedId('assignee', 'assignee must be a staff id, me or none')]).optional(),
  page: wholeNumber('page', 1, 100_000).default(1),
  page_size: wholeNumber('page_size', 1, 100).default(20),
});
export type THelpRequestListQuery = z.input<typeof ZHelpRequestListQuery>;

export const ZHelpRequestSummary = z.object({
  id: z.number().int(),
  kind: z.enum(HELP_REQUEST_KINDS),
  status: z.enum(HELP_REQUEST_STATUSES),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  user_id: z.number().int().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  files: z.number().int(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type THelpRequestSummary = z.infer<typeof ZHelpRequestSummary>;
export const ZHelpRequestListResponse = envelope(listResult(ZHelpRequestSummary));
export type THelpRequestList = { data: THelpRequestSummary[]; total: number };

export const ZHelpRequestFile = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type THelpRequestFile = z.infer<typeof ZHelpRequestFile>;

export const ZHelpRequestDetail = ZHelpRequestSummary.extend({
  phone: z.string(),
  description: z.string(),
  answer: z.string().nullable(),
  answered_at: z.number().int().nullable(),
  answered_by: z.string().nullable(),
  closed_at: z.number().int().nullable(),
  file_list: z.array(ZHelpRequestFile),
});
export type THelpRequestDetail = z.infer<typeof ZHelpRequestDetail>;
export const ZHelpRequestDetailResponse = envelope(ZHelpRequestDetail);

export const ZHelpRequestParams = z.object({ id: coercedId('id') });
export const ZHelpRequestFileParams = z.object({ id: coercedId('id'), file_id: coercedId('file_id') });

export const ZHelpRequestAssignee = z.object({ id: z.number().int(), nickname: z.string(), role: z.string() });
export type THelpRequestAssignee = z.infer<typeof ZHelpRequestAssignee>;
export const ZHelpRequestAssigneesResponse = envelope(z.array(ZHelpRequestAssignee));

/** POST /admin/requests/assign: `staff_id` null takes the request back from whoever held it. */
export const ZHelpRequestAssignRequest = z.object({
  id: id('id'),
  staff_id: id('staff_id', M.assigneeInvalid).nullable(),
});
export const ZHelpRequestAnswerRequest = z.object({
  id: id('id'),
  answer: text({ error: M.answerRequired }).trim().min(1, M.answerRequired).max(HELP_REQUEST_LIMITS.answer, M.answerTooLong),
});
export const ZHelpRequestCloseRequest = z.object({
  id: id('id'),
  reason: text({ error: 'reason must be text' })
    .trim()
    .max(HELP_REQUEST_LIMITS.reason, `The reason can be at most ${HELP_REQUEST_LIMITS.reason} characters`)
    .default(''),
});
export type THelpRequestAssignRequest = z.input<typeof ZHelpRequestAssignRequest>;
export type THelpRequestAnswerRequest = z.input<typeof ZHelpRequestAnswerRequest>;
export type THelpRequestCloseRequest = z.input<typeof ZHelpRequestCloseRequest>;
