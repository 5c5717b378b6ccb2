import { DropdownMenu } from 'radix-ui';
import type { CSSProperties, ReactNode } from 'react';

/** The panel of a header menu (the account, the currency): under the right end of its button, kept on screen. */
export function MenuPanel({ className, style, children }: { className: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content align="end" sideOffset={8} collisionPadding={12} className={className} style={style}>
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
