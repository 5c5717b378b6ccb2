/**
 * A paged list's page in the address (`?page=3`), which its page links change and everything else
 * in the address (the search, the filters) keeps.
 */

/** The page the address asks for: 1 when it names none, or nothing that is a page. */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page') ?? 1) || 1);

/** The address of another page of the same list: the same search and filters, that page. */
export function pageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return `?${next.toString()}`;
}
