import { useId } from 'react';

/**
 * A labelled multi-line text of a back-office form (a reply, an article, a reason), its hint and
 * its error below it, announced and tied to it by `aria-describedby`. It spans both columns of a
 * two-column form grid.
 *
 * ```tsx
 * <TextArea label="Reason" name="reason" defaultValue="" maxLength={500} rows={3} error={errors.reason} />
 * ```
 */
export function TextArea({
  label,
  name,
  defaultValue,
  maxLength,
  rows = 5,
  error,
  hint,
}: {
  label: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`w-full rounded-md border bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-gray-900 ${
          error ? 'border-red-600' : 'border-gray-300'
        }`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
