import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { secondaryAction } from './order-parts';

/** Previous and Next around "Page 2 of 5" (announced when it changes); nothing when one page holds all. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** names the navigation landmark: 'Order pages' */
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <button type="button" className={secondaryAction} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon width={16} height={16} strokeWidth={1.8} />
        Previous
      </button>
      <p className="text-sm text-gray-700" aria-live="polite">
        Page {page} of {pages}
      </p>
      <button type="button" className={secondaryAction} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRightIcon width={16} height={16} strokeWidth={1.8} />
      </button>
    </nav>
  );
}
