import { FEEDBACK_BLOCKED_KEYS, FEEDBACK_TEXT_MAX, FeedbackMessages, filterFeedbackText } from '@shop/contracts/feedback-rules';

/**
 * spec 5: the feedback text's typing rules, apart from the widget so they are tested alone. Each
 * answers the text to keep and the notice to show (null for none).
 */

/** A key typed: the spec's blocked keys are refused with 'This character is prohibited'. */
export const blockedKeyNotice = (key: string): string | null =>
  FEEDBACK_BLOCKED_KEYS.includes(key) ? FeedbackMessages.prohibited : null;

/** The text as typed: only English letters and Chinese characters stay, up to the limit. */
export const typedText = (value: string): string => filterFeedbackText(value).slice(0, FEEDBACK_TEXT_MAX);

/** Text pasted into `current` between `start` and `end`: filtered, with the paste warning when anything went. */
export function pastedText(
  current: string,
  pasted: string,
  start: number,
  end: number,
): { text: string; caret: number; notice: string | null } {
  const kept = filterFeedbackText(pasted);
  const before = current.slice(0, start);
  const text = (before + kept + current.slice(end)).slice(0, FEEDBACK_TEXT_MAX);
  return {
    text,
    caret: Math.min(before.length + kept.length, text.length),
    notice: kept === pasted ? null : FeedbackMessages.pasteFiltered,
  };
}
