import { localeOf, type MessageLanguage, type MessageTexts } from './texts';

/** spec 9: time labels are refreshed this often. */
export const TIME_LABEL_REFRESH_MS = 60_000;
/** spec 9: scrolling for older history is looked at at most this often… */
export const HISTORY_SCROLL_THROTTLE_MS = 300;
/** …and asks for it within this distance of the top. */
export const HISTORY_SCROLL_MARGIN_PX = 10;
/** A message this long after the one before it gets its own time label. */
export const TIME_LABEL_GAP_MS = 5 * 60_000;
/** Within this distance of the bottom the list follows new messages. */
export const STICK_TO_BOTTOM_PX = 48;

const MINUTE = 60_000;

/** Whether a message sent at `at` gets a time label, after one sent at `previous` (null: it is the first). */
export const needsTimeLabel = (at: number, previous: number | null) =>
  previous === null || !Number.isFinite(previous) || at - previous >= TIME_LABEL_GAP_MS;

const startOfDay = (time: number) => {
  const day = new Date(time);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
};

/**
 * A message's time as the list labels it, relative to `now`: 'Just now', 'n minutes ago' within
 * the hour, the time today, 'Yesterday' and the time, the date and time before that (with the year
 * when it is not this year's).
 */
export function timeLabel(
  at: number,
  now: number,
  language: MessageLanguage,
  texts: Pick<MessageTexts, 'justNow' | 'minutesAgo' | 'yesterday'>,
): string {
  if (!Number.isFinite(at)) return '';
  const elapsed = now - at;
  if (elapsed < MINUTE) return texts.justNow;
  if (elapsed < 60 * MINUTE) return texts.minutesAgo(Math.floor(elapsed / MINUTE));
  const locale = localeOf(language);
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(at);
  const today = startOfDay(now);
  if (at >= today) return clock;
  if (at >= startOfDay(today - 1)) return `${texts.yesterday} ${clock}`;
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    year: sameYear ? undefined : 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}

/** spec 9: older history is asked for once the list is scrolled within 10 px of its top. */
export const nearTop = (scrollTop: number) => scrollTop <= HISTORY_SCROLL_MARGIN_PX;

/** Whether the list is scrolled to (about) its end, so that new messages keep it there. */
export const nearBottom = (element: { scrollTop: number; scrollHeight: number; clientHeight: number }) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_TO_BOTTOM_PX;

/**
 * `fn` at most once per `ms`: the first call runs at once, calls during the wait make one more run
 * at its end (so the last scroll position is always looked at).
 */
export function throttle(
  fn: () => void,
  ms: number,
  {
    now = Date.now,
    schedule = (run: () => void, wait: number) => setTimeout(run, wait),
    cancel = (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }: { now?: () => number; schedule?: (run: () => void, wait: number) => unknown; cancel?: (handle: unknown) => void } = {},
) {
  let last = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;
  const run = () => {
    pending = null;
    last = now();
    fn();
  };
  const throttled = () => {
    const wait = last + ms - now();
    if (wait <= 0 && pending === null) run();
    else if (pending === null) pending = schedule(run, Math.max(wait, 0));
  };
  throttled.cancel = () => {
    if (pending !== null) cancel(pending);
    pending = null;
  };
  return throttled;
}
