/**
 * The feedback widget's rules and texts without zod (spec 2, 3 "Feedback", 5, 8), so the popover
 * carries no schema code; feedback.ts has the request schemas built from the same rules.
 */

/** spec 3 "Feedback": the four ratings, each 1–5, in the popover's order. */
export const FEEDBACK_RATINGS = ['product_rating', 'delivery_rating', 'service_rating', 'trust_recommend_rating'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_RATING_MAX = 5;

export const FEEDBACK_RATING_LABELS: Record<FeedbackRating, string> = {
  product_rating: 'Products',
  delivery_rating: 'Delivery',
  service_rating: 'Customer service',
  trust_recommend_rating: 'Would you recommend us?',
};

/** The longest feedback text kept (the spec is silent; long enough for a paragraph). */
export const FEEDBACK_TEXT_MAX = 500;

/** spec 5: the text keeps only English letters and Chinese characters. */
const NOT_KEPT = /[^A-Za-z\u4e00-\u9fa5]/g;
export const FEEDBACK_TEXT_PATTERN = /^[A-Za-z\u4e00-\u9fa5]+$/;

/** spec 5: what typing keeps of a text (every other character stripped). */
export const filterFeedbackText = (value: string) => value.replace(NOT_KEPT, '');

/** spec 5: keys whose typing is blocked with 'This character is prohibited'. */
export const FEEDBACK_BLOCKED_KEYS: readonly string[] = [' ', ';', '1', '2', '3'];

/** spec 5 and 8: the widget's texts. */
export const FeedbackMessages = {
  incomplete: 'Your feedback means a lot to us, thank you!',
  prohibited: 'This character is prohibited',
  pasteFiltered: 'Non-Chinese and English characters in the filtered paste content',
  thanks: 'Thank you for your feedback!',
  // our own, for a request the widget would not send
  textInvalid: 'Feedback may hold only English letters and Chinese characters',
  textTooLong: `Feedback may be at most ${FEEDBACK_TEXT_MAX} characters`,
  ratingInvalid: (name: FeedbackRating) => `${name} must be a whole number from 1 to ${FEEDBACK_RATING_MAX}`,
} as const;

export type FeedbackDraft = { feedback: string } & Record<FeedbackRating, number>;

/** spec 5: sent only with a text and all four ratings above 0. */
export const isFeedbackComplete = (draft: FeedbackDraft) =>
  draft.feedback.trim().length > 0 && FEEDBACK_RATINGS.every((name) => draft[name] > 0);

export const FeedbackPaths = {
  send: '/api/feedback',
  staffList: '/admin/feedback',
  staffAverages: '/admin/feedback/averages',
} as const;

/** The back office's ratings over time: by UTC day or by week (Monday to Sunday). */
export const FEEDBACK_PERIODS = ['day', 'week'] as const;
export type FeedbackPeriod = (typeof FEEDBACK_PERIODS)[number];
/** How many periods the chart shows unless asked: 30 days, or 12 weeks. */
export const FEEDBACK_PERIODS_DEFAULT: Record<FeedbackPeriod, number> = { day: 30, week: 12 };
export const FEEDBACK_PERIODS_MAX = 366;
