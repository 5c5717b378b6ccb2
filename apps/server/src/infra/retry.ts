/**
 * How long to wait before the next try after `attempts` failed ones: doubling from `baseMs`, at
 * most `maxMs` (5 s, 10 s, 20 s, … an hour). No random spread: one dispatcher tries at a time,
 * so there is no crowd to scatter, and tests can name the exact moment.
 */
export function retryDelayMs(attempts: number, policy: { baseMs: number; maxMs: number }): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

/** An error's message for a last_error column: one line of text, bounded. */
export const errorText = (error: unknown) =>
  String(error instanceof Error ? error.message : error)
    .replace(/\s+/g, ' ')
    .slice(0, 500);
