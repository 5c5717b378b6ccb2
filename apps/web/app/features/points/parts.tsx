import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { focusRing } from '../../lib/cx';
import type { Load } from '../../lib/use-load';

export const linkClass = `font-semibold underline underline-offset-4 hover:text-gray-600 ${focusRing}`;
export const buttonLinkClass = `inline-flex min-h-11 items-center justify-center rounded-md bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`;

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A day as the account pages write it: "Nov 27, 2026" (UTC, as the server counts expiry). */
export const formatDay = (at: number) => dateFormat.format(new Date(at));

/** Points as money: 100 points are $1. */
export const pointsAsDollars = (points: number) => `$${(points / 100).toFixed(2)}`;

/** The account page's heading: the area's name (`eyebrow`, My Account unless said) above the page's. */
export function PageHeader({
  id,
  title,
  eyebrow = 'My Account',
  children,
}: {
  id: string;
  title: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
}) {
  return (
    <header>
      <p className="text-sm uppercase tracking-widest text-gray-600">{eyebrow}</p>
      <h1 id={id} className="mt-1 text-2xl font-semibold md:text-3xl">
        {title}
      </h1>
      {children ? <div className="mt-2 max-w-2xl text-sm text-gray-700">{children}</div> : null}
    </header>
  );
}

/**
 * What a page shows while its data loads, when it failed, or the page itself once ready: the
 * loading state is a few grey bars named for screen readers, a failure offers to try again.
 */
export function Loaded<T>({
  load,
  what,
  retry,
  children,
  placeholder,
}: {
  load: Load<T>;
  what: string;
  retry: () => void;
  children: (value: T) => ReactNode;
  /** the loading outline, shaped like what comes (so nothing below moves when it does); a few bars by default */
  placeholder?: ReactNode;
}) {
  if (load.status === 'ready') return <>{children(load.value)}</>;
  if (load.status === 'loading') {
    return (
      <div role="status" aria-label={`Loading ${what}`} className="space-y-3">
        {placeholder ?? (
          <>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </>
        )}
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">We couldn’t load {what}</p>
      <p className="mt-2 text-sm text-red-800">Check your connection and try again.</p>
      <button
        type="button"
        onClick={retry}
        className={`mt-4 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
      >
        Try again
      </button>
    </div>
  );
}

/** An empty list's message with where to go next. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: { to: string; label: string };
}) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <div className="mx-auto mt-2 max-w-md text-sm text-gray-700">{children}</div>
      {action ? (
        <Link to={action.to} className={`mt-5 ${buttonLinkClass}`}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** The page a paged list is on, from its address (`?page=2`); 1 when absent or not a page. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
