import { useId } from 'react';
import { Form } from 'react-router';
import { cx } from '../../lib/cx';
import { SearchIcon } from './icons';
import { SEARCH_PATH } from './links';

/** spec 2 "Header": the search box; submits `keyword` to the search results page (searchPage). */
export function SearchForm({ className, onSubmit }: { className?: string; onSubmit?: () => void }) {
  const inputId = useId();
  return (
    <Form method="get" action={SEARCH_PATH} role="search" onSubmit={onSubmit} className={cx('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search
      </label>
      <input
        id={inputId}
        type="search"
        name="keyword"
        required
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search the shop"
        className="h-11 w-full rounded-full border border-gray-300 bg-gray-50 pr-12 pl-5 text-base text-gray-900 placeholder:text-gray-600 focus:border-gray-900 focus:bg-white focus:outline-2 focus:outline-offset-2 focus:outline-gray-900 md:text-sm"
      />
      <button
        type="submit"
        aria-label="Submit search"
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-full text-gray-700 hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-gray-900"
      >
        <SearchIcon />
      </button>
    </Form>
  );
}
