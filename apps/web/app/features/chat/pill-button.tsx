import type { ButtonHTMLAttributes } from 'react';
import { cx, focusRing } from '../../lib/cx';

/** The chat's round-ended button with the keyboard focus ring; a plain button unless `type` says otherwise. */
export function PillButton({ className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} {...props} className={cx(className, focusRing)} />;
}
