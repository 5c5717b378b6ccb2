import { z } from 'zod';
import { envelope } from './envelope';
import {
  FEEDBACK_PERIODS,
  FEEDBACK_PERIODS_MAX,
  FEEDBACK_RATING_MAX,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TEXT_PATTERN,
  FeedbackMessages,
  type FeedbackRating,
} from './feedback-rules';
import { text, wholeNumber } from './fields';

export * from './feedback-rules';

const rating = (name: FeedbackRating) =>
  z
    .number({ error: FeedbackMessages.ratingInvalid(name) })
    .int(FeedbackMessages.ratingInvalid(name))
    .min(1, FeedbackMessages.ratingInvalid(name))
    .max(FEEDBACK_RATING_MAX, FeedbackMessages.ratingInvalid(name));

/**
 * POST /api/feedback (spec 7). `user_id` is accepted as the original client sends it and never
 * read: the server takes the shopper from the session. `website` is the page the widget was on.
 */
export const ZFeedbackRequest = z.object({
  user_id: z.union([z.number(), z.string().max(40), z.null()]).optional(),
  website: text({ error: 'website must be text' }).trim().max(300, 'website is too long').default(''),
  feedback: text({ error: FeedbackMessages.incomplete })
    .trim()
    .min(1, FeedbackMessages.incomplete)
    .max(FEEDBACK_TEXT_MAX, FeedbackMessages.textTooLong)
    .regex(FEEDBACK_TEXT_PATTERN, FeedbackMessages.textInvalid),
  product_rating: rating('product_rating'),
  delivery_rating: rating('delivery_rating'),
  service_rating: rating('service_rating'),
  trust_recommend_rating: rating('trust_recommend_rating'),
});
export type TFeedbackRequest = z.input<typeof ZFeedbackRequest>;

export const ZFeedbackSent = z.object({ id: z.number().int() });
export const ZFeedbackSentResponse = envelope(ZFeedbackSent);

export const FEEDBACK_PAGE_SIZE_MAX = 100;

/** epoch milliseconds, as the audit trail's search takes them */
const epochMs = (name: string) => wholeNumber(name, 0, 8_640_000_000_000_000);

/**
 * GET /admin/feedback: newest first, with the averages of all feedback. The filters narrow the page
 * and its `total`: `keyword` in the text or the page it was sent from, `from` (inclusive) and `to`
 * (exclusive) in epoch ms, `rating_max`: at least one of the four ratings at most this.
 */
export const ZFeedbackListQuery = z.object({
  page: wholeNumber('page', 1, 100_000).default(1),
  page_size: wholeNumber('page_size', 1, FEEDBACK_PAGE_SIZE_MAX).default(20),
  keyword: text({ error: 'keyword must be text' }).trim().max(100, 'keyword can be at most 100 characters').optional(),
  from: epochMs('from').optional(),
  to: epochMs('to').optional(),
  rating_max: wholeNumber('rating_max', 1, FEEDBACK_RATING_MAX).optional(),
});
export type TFeedbackListQuery = z.infer<typeof ZFeedbackListQuery>;

export const ZFeedbackEntry = z.object({
  id: z.number().int(),
  /** null when sent signed out (spec 3: empty if not logged in) */
  user_id: z.number().int().nullable(),
  website: z.string(),
  feedback: z.string(),
  product_rating: z.number().int(),
  delivery_rating: z.number().int(),
  service_rating: z.number().int(),
  trust_recommend_rating: z.number().int(),
  create_time: z.number().int(),
});
export type TFeedbackEntry = z.infer<typeof ZFeedbackEntry>;

/** Each rating's mean over every feedback, two decimals; null while there is none. */
export const ZFeedbackAverages = z.object({
  count: z.number().int(),
  product_rating: z.number().nullable(),
  delivery_rating: z.number().nullable(),
  service_rating: z.number().nullable(),
  trust_recommend_rating: z.number().nullable(),
});
export type TFeedbackAverages = z.infer<typeof ZFeedbackAverages>;

export const ZFeedbackList = z.object({
  data: z.array(ZFeedbackEntry),
  total: z.number().int(),
  averages: ZFeedbackAverages,
});
export type TFeedbackList = z.infer<typeof ZFeedbackList>;
export const ZFeedbackListResponse = envelope(ZFeedbackList);

/**
 * GET /admin/feedback/averages: each rating's mean by UTC day or by week (weeks start on Monday),
 * the last `periods` of them up to the current one, oldest first; a period without feedback has a
 * count of 0 and null means.
 */
export const ZFeedbackAveragesQuery = z.object({
  by: z.enum(FEEDBACK_PERIODS, { error: `by must be one of ${FEEDBACK_PERIODS.join(', ')}` }).default('week'),
  periods: wholeNumber('periods', 1, FEEDBACK_PERIODS_MAX).optional(),
});
export type TFeedbackAveragesQuery = z.input<typeof ZFeedbackAveragesQuery>;

export const ZFeedbackPeriod = ZFeedbackAverages.extend({
  /** the period's first day, YYYY-MM-DD (UTC) */
  start: z.string(),
});
export type TFeedbackPeriod = z.infer<typeof ZFeedbackPeriod>;

export const ZFeedbackTrend = z.object({ by: z.enum(FEEDBACK_PERIODS), periods: z.array(ZFeedbackPeriod) });
export type TFeedbackTrend = z.infer<typeof ZFeedbackTrend>;
export const ZFeedbackTrendResponse = envelope(ZFeedbackTrend);
