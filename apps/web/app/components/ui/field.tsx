import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { cx } from '../../lib/cx';
import { ChevronDownIcon } from './icons';

const controlClass =
  'min-h-11 w-full rounded-md border bg-white text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900';

/** The label above a control, its hint and its error below, tied to the control by ids. */
function FieldFrame({
  controlId,
  label,
  error,
  hint,
  className,
  children,
}: {
  controlId: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">{children}</div>
      {hint ? (
        <div id={`${controlId}-hint`} className="text-xs text-gray-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What aria-describedby names for a control with this error and hint. */
const describedBy = (controlId: string, error?: string, hint?: ReactNode) =>
  [error ? `${controlId}-error` : null, hint ? `${controlId}-hint` : null].filter(Boolean).join(' ') || undefined;

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
  return (
    <FieldFrame controlId={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cx(
          controlClass,
          'px-3 placeholder:text-gray-500',
          error ? 'border-red-600' : 'border-gray-300',
          trailing ? 'pr-12' : undefined,
        )}
        {...rest}
      />
      {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
    </FieldFrame>
  );
});

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; children: ReactNode };

/** A labelled native select (the platform's picker on phones), its error announced and tied to it. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, children, className, ...rest },
  ref,
) {
  const id = useId();
  return (
    <FieldFrame controlId={id} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={cx(controlClass, 'appearance-none pr-10 pl-3', error ? 'border-red-600' : 'border-gray-300')}
        {...rest}
      >
        {children}
      </select>
      <ChevronDownIcon
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-600"
      />
    </FieldFrame>
  );
});
