// The chat when no agent is there (decision 0060): business hours, the visitor's e-mail, the
// replies mailed to them and the link that brings them back. No zod here, so the widget may import it.

/** Monday first, as the back office's form lists them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One weekday's hours: open or not, from and to as HH:MM in the shop's time zone (`to` may be 24:00). */
export type ChatDayHours = { open: boolean; from: string; to: string };
/** The support desk's week; with `enabled` false the chat is staffed whenever an agent is online. */
export type ChatHours = { enabled: boolean; time_zone: string; days: ChatDayHours[] };

export const DEFAULT_CHAT_HOURS: ChatHours = {
  enabled: false,
  time_zone: 'America/Los_Angeles',
  days: WEEKDAYS.map((_, index) => ({ open: index < 5, from: '09:00', to: '21:00' })),
};

/** How long agents' replies are gathered before they are mailed together to a visitor who left. */
export const CHAT_REPLY_MAIL_DELAY_MS = 2 * 60_000;
/** How long the link in such a mail opens the conversation. */
export const CHAT_REOPEN_LINK_VALID_MS = 7 * 86_400_000;
/** The address parameter of that link: the widget reads it on any page of the shop. */
export const CHAT_REOPEN_PARAM = 'chat_link';
/** The longest date range a report covers, in days. */
export const CHAT_REPORT_MAX_DAYS = 366;

export const ChatOfflineTexts = {
  hoursSaved: 'Business hours saved',
  timeZoneInvalid: 'Choose a time zone from the list',
  timeInvalid: 'Enter a time as HH:MM',
  closeAfterOpen: 'The closing time must be after the opening time',
  sevenDays: 'Give the hours of all seven days',
  emailSaved: 'We will e-mail you when we reply',
  onlyVisitors: 'Only a visitor of the shop leaves an e-mail address here',
  linkInvalid: 'This chat link is not valid. Open the chat on any page to write to us.',
  linkExpired: 'This chat link has expired. Open the chat on any page to write to us.',
  conversationGone: 'This conversation is no longer available. Open the chat on any page to write to us.',
  reportRangeInvalid: 'Enter dates as YYYY-MM-DD',
  reportRangeOrder: 'The end date must not be before the start date',
  reportRangeTooLong: `A report covers at most ${CHAT_REPORT_MAX_DAYS} days`,
} as const;

/** "09:30" → 570; "24:00" → 1440. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the time zone is one this runtime knows (an IANA name such as Europe/Paris). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The weekday (0 = Monday) and the minute of the day at `at` in `zone`. */
export function localWeekMinute(at: number, zone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday'));
  return { day: Math.max(0, day), minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** Whether the support desk is open at `at` by its hours (always, when the hours are not used). */
export function withinHours(hours: ChatHours, at: number): boolean {
  if (!hours.enabled) return true;
  const { day, minute } = localWeekMinute(at, hours.time_zone);
  const today = hours.days[day];
  return !!today?.open && minute >= minutesOf(today.from) && minute < minutesOf(today.to);
}

/** "Monday to Friday 09:00–21:00"-style lines of the open days, for the widget. */
export function hoursLines(hours: ChatHours): string[] {
  return hours.days.flatMap((day, index) => (day.open ? [`${WEEKDAYS[index]} ${day.from}–${day.to}`] : []));
}
