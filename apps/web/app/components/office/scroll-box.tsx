import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/**
 * A table's box that scrolls on its own on a narrow screen (the page itself never scrolls sideways).
 * It takes the keyboard focus so the table can be scrolled with the arrow keys, and is named by `label`.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className={cx('overflow-x-auto focus-visible:outline-2 focus-visible:outline-gray-900', className)}
    >
      {children}
    </section>
  );
}
