import { Link } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** The page numbers to offer: the first, the last, and those around the current one; null marks a gap. */
export function pageWindow(page: number, pages: number, around = 1): (number | null)[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const shown = new Set([1, pages]);
  for (let near = page - around; near <= page + around; near += 1) {
    if (near >= 1 && near <= pages) shown.add(near);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) result.push(value - previous === 2 ? value - 1 : null);
    result.push(value);
  });
  return result;
}

const itemClass = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium ${focusRing}`;

/**
 * Page links (real addresses, so they work without script): previous, the numbers around the
 * current page, next. Small screens show "Page 2 of 17" instead of the numbers.
 */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pages ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center gap-2">
      {previous ? (
        <Link to={hrefFor(previous)} rel="prev" className={cx(itemClass, 'gap-1 border border-gray-300 hover:border-gray-900')}>
          <ChevronLeftIcon width={16} height={16} strokeWidth={1.8} />
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" className={cx(itemClass, 'gap-1 border border-gray-200 text-gray-500')}>
          <ChevronLeftIcon width={16} height={16} strokeWidth={1.8} />
          Previous
        </span>
      )}
      <p className="px-2 text-sm text-gray-700 sm:hidden">
        Page {page} of {pages}
      </p>
      <ol className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, pages).map((entry, index) =>
          entry === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={hrefFor(entry)}
                aria-label={`Page ${entry}`}
                aria-current={entry === page ? 'page' : undefined}
                className={cx(
                  itemClass,
                  entry === page ? 'bg-gray-900 text-white' : 'text-gray-800 hover:bg-gray-100 hover:text-gray-950',
                )}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
      </ol>
      {next ? (
        <Link to={hrefFor(next)} rel="next" className={cx(itemClass, 'gap-1 border border-gray-300 hover:border-gray-900')}>
          Next
          <ChevronRightIcon width={16} height={16} strokeWidth={1.8} />
        </Link>
      ) : (
        <span aria-hidden="true" className={cx(itemClass, 'gap-1 border border-gray-200 text-gray-500')}>
          Next
          <ChevronRightIcon width={16} height={16} strokeWidth={1.8} />
        </span>
      )}
    </nav>
  );
}
