/**
 * A list with the item at `index` moved `by` places (-1 up, 1 down): the order of the back office's
 * pictures, home-page tiles and featured products. A move past either end leaves the list as it is.
 */
export function moveItem<T>(list: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}
