import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from '../../lib/cx';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** content placed inside the input's box on the right (e.g. a show-password toggle) */
  trailing?: ReactNode;
};

/** A labelled text input whose error is announced and tied to it with aria-describedby. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, trailing, className, id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(
            'min-h-11 w-full rounded-md border bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900',
            error ? 'border-red-600' : 'border-gray-300',
            trailing ? 'pr-12' : undefined,
          )}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? (
        <div id={hintId} className="text-xs text-gray-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
