import { CHAT_TYPING_DEBOUNCE_MS } from '@shop/contracts';
import { useEffect, useRef } from 'react';

/**
 * spec 4: the typing state — 'input' once the typing has paused for 300 ms, 'blur' when the
 * textarea loses focus or the message is sent (only after an 'input' went out).
 */
export function useTyping(onTyping: (state: 'input' | 'blur') => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typed = useRef(false);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** A keystroke: (re)starts the pause before 'input' goes out. */
  const typing = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      typed.current = true;
      onTyping('input');
    }, CHAT_TYPING_DEBOUNCE_MS);
  };

  const stopTyping = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (typed.current) {
      typed.current = false;
      onTyping('blur');
    }
  };

  return { typing, stopTyping };
}
