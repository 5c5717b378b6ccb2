import { useLocation } from 'react-router';
import { cx, focusRing } from '../../lib/cx';

/** A page the server could not build: `title`, an apology and a link that loads the same address again. */
export function PageUnavailable({ title }: { title: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="font-display text-3xl text-gray-950 md:text-4xl">{title}</h1>
      <p className="mt-4 text-gray-700">Something went wrong on our side. Please try again in a moment.</p>
      <a
        href={`${pathname}${search}`}
        className={cx(
          'mt-8 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-8 text-sm font-semibold text-white hover:bg-gray-700',
          focusRing,
        )}
      >
        Try again
      </a>
    </section>
  );
}
