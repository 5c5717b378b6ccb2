import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'link';

const variants: Record<Variant, string> = {
  primary: 'bg-gray-900 text-white hover:bg-gray-700 disabled:bg-gray-300 disabled:text-gray-600 focus-visible:outline-gray-900',
  secondary:
    'border border-gray-300 bg-white text-gray-900 hover:border-gray-900 disabled:text-gray-400 focus-visible:outline-gray-900',
  ghost: 'text-gray-800 hover:bg-gray-100 focus-visible:outline-gray-900',
  link: 'px-0 text-gray-900 underline underline-offset-4 hover:text-gray-600',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean };

/** The shop's button: visible focus ring, disabled look, and aria-busy while a request runs. */
export function Button({ variant = 'primary', busy, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
      {...rest}
    >
      {busy ? (
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      ) : null}
      {children}
    </button>
  );
}
