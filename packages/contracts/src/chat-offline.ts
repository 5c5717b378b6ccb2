import { z } from 'zod';
import { ZEmail } from './auth';
import { type ChatHours, ChatOfflineTexts, isTimeZone, minutesOf, WEEKDAYS } from './chat-offline-rules';
import { envelope } from './envelope';
import { key } from './fields';

export * from './chat-offline-rules';

const hhmm = (allowMidnightEnd: boolean) =>
  z
    .string({ error: ChatOfflineTexts.timeInvalid })
    .regex(allowMidnightEnd ? /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/ : /^([01]\d|2[0-3]):[0-5]\d$/, ChatOfflineTexts.timeInvalid);

export const ZChatDayHours = z
  .object({ open: z.boolean({ error: 'Choose open or closed' }), from: hhmm(false), to: hhmm(true) })
  .refine((day) => !day.open || minutesOf(day.to) > minutesOf(day.from), {
    message: ChatOfflineTexts.closeAfterOpen,
    path: ['to'],
  });

/** GET and POST /admin/kefu/hours: the support desk's week in the shop's time zone (chat.configure). */
export const ZChatHours = z.object({
  enabled: z.boolean({ error: 'Choose whether the hours apply' }),
  time_zone: key('time_zone', { error: ChatOfflineTexts.timeZoneInvalid }).refine(isTimeZone, ChatOfflineTexts.timeZoneInvalid),
  days: z.array(ZChatDayHours, { error: ChatOfflineTexts.sevenDays }).length(WEEKDAYS.length, ChatOfflineTexts.sevenDays),
}) satisfies z.ZodType<ChatHours>;
export type TChatHours = z.infer<typeof ZChatHours>;
export const ZChatHoursResponse = envelope(ZChatHours);

/**
 * GET /api/chat/availability: whether someone answers now — `closed` outside the hours, `away`
 * when no agent is online — the hours, and the visitor's e-mail for replies (or the signed-in
 * shopper's, to prefill).
 */
export const ZChatAvailability = z.object({
  staffed: z.boolean(),
  reason: z.enum(['open', 'closed', 'away']),
  hours: ZChatHours,
  email: z.string().nullable(),
  suggested_email: z.string().nullable(),
});
export type TChatAvailability = z.infer<typeof ZChatAvailability>;
export const ZChatAvailabilityResponse = envelope(ZChatAvailability);

/** POST /api/chat/email: where the agents' replies go while the visitor is away. */
export const ZChatEmailRequest = z.object({ email: ZEmail });
export const ZChatEmailResponse = envelope(z.object({ email: z.string() }));

/** POST /api/chat/reopen: the link of a reply mail, traded for the visitor's chat identity. */
export const ZChatReopenRequest = z.object({
  token: key('token', { error: ChatOfflineTexts.linkInvalid }).max(600, ChatOfflineTexts.linkInvalid),
});
export const ZChatReopen = z.object({
  session_id: z.number().int(),
  /** the visitor's tourist token; null for a shopper's conversation, which opens once they sign in */
  tourist_token: z.string().nullable(),
});
export type TChatReopen = z.infer<typeof ZChatReopen>;
export const ZChatReopenResponse = envelope(ZChatReopen);

const day = z
  .string({ error: ChatOfflineTexts.reportRangeInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ChatOfflineTexts.reportRangeInvalid);

/** GET /admin/chat/reports: from and to, inclusive UTC days. */
export const ZChatReportQuery = z.object({ from: day, to: day });
export type TChatReportQuery = z.infer<typeof ZChatReportQuery>;

const ms = z.number().nullable();
export const ZChatReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({
    conversations: z.number().int(),
    answered: z.number().int(),
    resolved: z.number().int(),
    first_response_avg_ms: ms,
    first_response_median_ms: ms,
    resolution_avg_ms: ms,
    resolution_median_ms: ms,
    csat_count: z.number().int(),
    csat_average: z.number().nullable(),
    /** ratings of 4 or 5 among all, in per cent */
    csat_satisfied_pct: z.number().nullable(),
  }),
  days: z.array(
    z.object({
      day: z.string(),
      conversations: z.number().int(),
      first_response_avg_ms: ms,
      resolved: z.number().int(),
      csat_average: z.number().nullable(),
    }),
  ),
  agents: z.array(
    z.object({
      csr_id: z.number().int().nullable(),
      nickname: z.string(),
      conversations: z.number().int(),
      first_response_avg_ms: ms,
      resolution_avg_ms: ms,
      resolved: z.number().int(),
      csat_count: z.number().int(),
      csat_average: z.number().nullable(),
    }),
  ),
  /** how many ratings gave 1, 2, 3, 4 and 5 stars */
  csat_stars: z.array(z.number().int()).length(5),
});
export type TChatReport = z.infer<typeof ZChatReport>;
export const ZChatReportResponse = envelope(ZChatReport);
