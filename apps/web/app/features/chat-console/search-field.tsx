import { useId } from 'react';
import { cx } from '../../lib/cx';

/** A list's search box: labelled for screen readers by the same words it shows as a hint. */
export function SearchField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        className={cx('min-h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm', className)}
      />
    </>
  );
}
