/** What the shopper typed: a whole number of points, or why it is not one the order can take. */
export function readPoints(draft: string, max: number): { points: number; error: string } {
  const text = draft.trim();
  if (text === '') return { points: 0, error: '' };
  if (!/^\d{1,9}$/.test(text)) return { points: 0, error: 'Enter a whole number of points' };
  const points = Number(text);
  if (points > max) {
    return {
      points: 0,
      error: max === 0 ? 'Points cannot be used on this order' : `At most ${max} points can be used on this order`,
    };
  }
  return { points, error: '' };
}
