import { FEEDBACK_TEXT_MAX, FeedbackMessages, isFeedbackComplete } from '@shop/contracts/feedback-rules';
import { describe, expect, it } from 'vitest';
import { blockedKeyNotice, pastedText, typedText } from './feedback-text';

describe('the feedback text (spec 5)', () => {
  it('blocks a space, a semicolon, 1, 2 and 3 with the spec’s message, and lets other keys through', () => {
    for (const key of [' ', ';', '1', '2', '3']) expect(blockedKeyNotice(key)).toBe(FeedbackMessages.prohibited);
    for (const key of ['a', 'Z', '4', 'Backspace', 'ArrowLeft', '好']) expect(blockedKeyNotice(key)).toBeNull();
  });

  it('keeps only English letters and Chinese characters while typing, up to the limit', () => {
    expect(typedText('Great service!! 5 stars 好的')).toBe('Greatservicestars好的');
    expect(typedText('é ü ß 🙂 <b>')).toBe('b');
    expect(typedText('a'.repeat(FEEDBACK_TEXT_MAX + 10))).toHaveLength(FEEDBACK_TEXT_MAX);
  });

  it('filters pasted text, warns when it removed anything, and puts the caret after the paste', () => {
    expect(pastedText('Helloworld', 'Big', 5, 5)).toEqual({ text: 'HelloBigworld', caret: 8, notice: null });
    expect(pastedText('Hello', ' new; 123 world', 5, 5)).toEqual({
      text: 'Hellonewworld',
      caret: 13,
      notice: FeedbackMessages.pasteFiltered,
    });
    expect(pastedText('abcdef', 'X', 1, 4)).toEqual({ text: 'aXef', caret: 2, notice: null });
  });

  it('is sent only with a text and all four ratings', () => {
    const full = { feedback: 'Nice', product_rating: 5, delivery_rating: 4, service_rating: 3, trust_recommend_rating: 1 };
    expect(isFeedbackComplete(full)).toBe(true);
    expect(isFeedbackComplete({ ...full, feedback: '  ' })).toBe(false);
    expect(isFeedbackComplete({ ...full, service_rating: 0 })).toBe(false);
  });
});
