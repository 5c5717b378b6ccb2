import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { insertAt } from './emoji';

/** spec 5 / 9: the textarea grows to 200 px on desktop, 100 px on mobile. */
export const TEXTAREA_MAX_DESKTOP_PX = 200;
export const TEXTAREA_MAX_MOBILE_PX = 100;

/**
 * The composer's draft: the text, its textarea (growing with the text up to its limit, then
 * scrolling), and the ways text is put in from outside — at the caret (an emoji, a quick reply) or
 * in place of it all (a quick reply with a variable left to fill, selected).
 */
export function useDraft(mobile: boolean) {
  const [text, setText] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const maxHeight = mobile ? TEXTAREA_MAX_MOBILE_PX : TEXTAREA_MAX_DESKTOP_PX;

  const insert = useCallback((piece: string) => {
    const element = textarea.current;
    setText((current) => {
      const start = element?.selectionStart ?? current.length;
      const end = element?.selectionEnd ?? current.length;
      const next = insertAt(current, piece, start, end);
      requestAnimationFrame(() => {
        element?.focus();
        element?.setSelectionRange(next.caret, next.caret);
      });
      return next.text;
    });
  }, []);

  const replace = useCallback((next: string, select?: { start: number; end: number }) => {
    setText(next);
    requestAnimationFrame(() => {
      const element = textarea.current;
      element?.focus();
      element?.setSelectionRange(select?.start ?? next.length, select?.end ?? next.length);
    });
  }, []);

  // spec 5: the textarea grows with its text up to its limit, then scrolls
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, maxHeight);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > maxHeight ? 'auto' : 'hidden';
  }, [text, maxHeight]);

  return { text, setText, textarea, maxHeight, insert, replace };
}
