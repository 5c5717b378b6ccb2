import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import type { useHoverPopover } from '../../lib/hover-popover';

/**
 * The panel of a header popover that opens on hover or press (the bag, the wishlist): placed under
 * the right end of its button, kept open while the pointer is over it, `widthClass` wide.
 */
export function HoverPopoverPanel({
  popover,
  widthClass,
  children,
  ...label
}: {
  popover: ReturnType<typeof useHoverPopover>;
  widthClass: string;
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={12}
        {...label}
        onOpenAutoFocus={popover.onOpenAutoFocus}
        onCloseAutoFocus={popover.onCloseAutoFocus}
        {...popover.hover}
        className={cx(
          'z-50 flex max-h-[min(36rem,calc(100dvh-6rem))] flex-col rounded-lg border border-gray-200 bg-white shadow-xl outline-none animate-fade-in',
          widthClass,
        )}
      >
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}
