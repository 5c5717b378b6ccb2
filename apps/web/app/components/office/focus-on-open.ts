import { useEffect, useRef } from 'react';

/** A panel's heading takes the focus when it opens, so a keyboard or screen-reader user lands in it. */
export function useFocusOnOpen() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
