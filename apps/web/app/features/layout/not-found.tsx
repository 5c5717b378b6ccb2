import { Link } from 'react-router';
import { categoryHomeHref } from './links';
import { useRootCategories } from './use-categories';

/** spec 2 "Routes": any other path shows this page (answered with HTTP 404). */
export function NotFound() {
  const categories = useRootCategories();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center md:py-28">
      <p className="text-xs font-semibold uppercase tracking-[0.3em] text-gray-600">Error 404</p>
      <h1 className="mt-4 font-display text-4xl text-gray-950 md:text-5xl">Page not found</h1>
      <p className="mt-5 max-w-md text-base leading-relaxed text-gray-700">
        The page you were looking for has moved or no longer exists. Head back to the shop or pick a category below.
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-8 text-sm font-semibold text-white hover:bg-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
      >
        Back to the home page
      </Link>
      {categories.length > 0 ? (
        <nav aria-label="Shop categories" className="mt-12 w-full">
          <ul className="flex flex-wrap justify-center gap-3">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={categoryHomeHref(category)}
                  className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-5 text-xs font-semibold uppercase tracking-[0.18em] text-gray-800 hover:border-gray-900 hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
