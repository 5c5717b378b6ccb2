/** A moment as the back office shows it: date and time in UTC, the same for every member of staff. */
export const dateTime = (ms: number) =>
  `${new Date(ms).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
