/** A query of rows that can be cut to one page. */
type PageableQuery<R> = { limit(size: number): { offset(skip: number): { execute(): Promise<R[]> } } };

/** A query answering one row with the list's size as `n`. */
type CountQuery = { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> };

/**
 * One page (from 1, `size` rows) of the rows `rows` selects in its own order, and how many the
 * whole list holds, counted by `count`; both queries run at once.
 */
export async function pageOf<R>(
  rows: PageableQuery<R>,
  count: CountQuery,
  page: number,
  size: number,
): Promise<{ rows: R[]; total: number }> {
  const [found, counted] = await Promise.all([
    rows
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: found, total: Number(counted.n) };
}
