import type { FormEvent, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { Button } from '../ui/button';
import { Field } from '../ui/field';

/** The trimmed text of each named control of a submitted form, by name (files are left out). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string') values[name] = value.trim();
  return values;
}

/** The search input of a `SearchBar`: a labelled `type="search"` field. */
export type SearchInput = {
  label: string;
  /** the name its value is read by; 'q' unless given */
  name?: string;
  defaultValue?: string;
  maxLength?: number;
  hint?: ReactNode;
  /** 'off' where the browser's suggestions would hide the list (names, numbers) */
  autoComplete?: string;
  className?: string;
};

/**
 * The search and filter bar of a back-office list: a named form with a labelled search field, any
 * filters (fields passed as children, each with its own label), a submit button and, when `onClear`
 * is given (something is searched), a button that clears. `onSearch` gets every control's trimmed
 * value by name. The fields are uncontrolled: give the bar a `key` of the address's search so they
 * follow the back button.
 *
 * ```tsx
 * <SearchBar label="Find a return" key={q}
 *   search={{ label: 'Order number, return number or e-mail', defaultValue: q, maxLength: 254 }}
 *   onSearch={(values) => setParams(addressOf({ q: values.q }))}
 *   onClear={q ? () => setParams(addressOf({ q: '' })) : undefined} />
 * ```
 */
export function SearchBar({
  label,
  search,
  onSearch,
  onClear,
  submitLabel = 'Search',
  clearLabel = 'Clear',
  className = 'flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4',
  children,
}: {
  /** names the form for screen readers ('Find a return') */
  label: string;
  search?: SearchInput;
  onSearch: (values: Record<string, string>) => void;
  onClear?: () => void;
  submitLabel?: string;
  clearLabel?: string;
  className?: string;
  /** the filters, after the search field */
  children?: ReactNode;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(formValues(new FormData(event.currentTarget)));
  };
  return (
    <form aria-label={label} onSubmit={onSubmit} noValidate className={className}>
      {search ? (
        <Field
          label={search.label}
          name={search.name ?? 'q'}
          type="search"
          defaultValue={search.defaultValue}
          maxLength={search.maxLength}
          hint={search.hint}
          autoComplete={search.autoComplete}
          className={cx('min-w-0', search.className ?? 'flex-1 sm:min-w-80')}
        />
      ) : null}
      {children}
      <Button type="submit">{submitLabel}</Button>
      {onClear ? (
        <Button variant="secondary" onClick={onClear}>
          {clearLabel}
        </Button>
      ) : null}
    </form>
  );
}
