/**
 * Moments as the back office shows them: in UTC, the same for every member of staff wherever they
 * sit, and the same in the server's render as in the browser's.
 */
const UTC = { timeZone: 'UTC' } as const;

/** "Nov 27, 2026, 2:19 PM UTC": a moment in a list or a page. */
export const dateTime = (ms: number) =>
  `${new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', ...UTC })} UTC`;

/** The day and the time of a moment apart ("Nov 27, 2026" and "2:19 PM UTC"), for a narrow table cell. */
export const dateAndTime = (ms: number) => ({
  date: new Date(ms).toLocaleDateString('en-US', { dateStyle: 'medium', ...UTC }),
  time: `${new Date(ms).toLocaleTimeString('en-US', { timeStyle: 'short', ...UTC })} UTC`,
});

/** "Nov 27, 2026, 2:19:05 PM UTC": a moment to the second (the audit trail). */
export const dateTimeSeconds = (ms: number) =>
  `${new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium', ...UTC })} UTC`;

/** "2026-11-27": a day, as date inputs and CSV files write it. */
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
