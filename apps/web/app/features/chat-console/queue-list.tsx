import type { TChatQueue } from '@shop/contracts/chat-protocol';
import { CountBadge, PersonRow, RowButton } from './person-row';
import type { ConsoleLanguage } from './sign-in-texts';

/** The queue's words, in the console's two languages. */
export const queueTexts = {
  'en-us': {
    queue: 'Queue',
    queueCount: (count: number) => `${count} waiting`,
    queueEmpty: 'Nobody is waiting in the queue.',
    loading: 'Loading…',
    waitingSince: (time: string) => `Waiting since ${time}`,
    noMessage: 'No message yet',
    take: 'Take',
    takeConversation: (name: string) => `Take the conversation with ${name}`,
    more: (shown: number, count: number) => `The ${shown} who have waited longest of ${count}.`,
  },
  'zh-cn': {
    queue: '排队',
    queueCount: (count: number) => `${count} 人等待中`,
    queueEmpty: '队列中没有等待的访客。',
    loading: '加载中…',
    waitingSince: (time: string) => `自 ${time} 起等待`,
    noMessage: '尚无消息',
    take: '接入',
    takeConversation: (name: string) => `接入与 ${name} 的会话`,
    more: (shown: number, count: number) => `共 ${count} 人，显示等待最久的 ${shown} 人。`,
  },
} satisfies Record<ConsoleLanguage, Record<string, unknown>>;

export type QueueTexts = (typeof queueTexts)['en-us'];

/** The count on the queue's tab; nothing when nobody waits. */
export function QueueCount({ queue, texts }: { queue: TChatQueue | null; texts: QueueTexts }) {
  if (!queue) return null;
  return (
    <CountBadge
      count={queue.count}
      label={texts.queueCount(queue.count)}
      className="bg-amber-600"
      marker={{ 'data-queue-count': queue.count }}
    />
  );
}

type Props = {
  queue: TChatQueue | null;
  language: ConsoleLanguage;
  texts: QueueTexts;
  onTake: (touristId: number) => void;
};

/**
 * The visitors waiting for an agent (decision 0057): who, since when, and their first words, live
 * as the server pushes the queue; any agent may take one.
 */
export function QueueList({ queue, language, texts, onTake }: Props) {
  if (!queue) {
    return (
      <p role="status" className="p-4 text-sm text-gray-600">
        {texts.loading}
      </p>
    );
  }
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="chat-queue">
      <p className="border-b border-gray-200 px-3 py-2 text-sm text-gray-700" aria-live="polite">
        {queue.count === 0 ? texts.queueEmpty : texts.queueCount(queue.count)}
      </p>
      {queue.data.length > 0 ? (
        <ol className="min-h-0 flex-1 overflow-y-auto" aria-label={texts.queue}>
          {queue.data.map((entry) => (
            <PersonRow
              key={entry.session_id}
              person={entry}
              marker={{ 'data-queue-session': entry.session_id }}
              aside={
                <RowButton
                  onClick={() => onTake(entry.tourist_id)}
                  label={texts.takeConversation(entry.nickname)}
                  className="shrink-0"
                >
                  {texts.take}
                </RowButton>
              }
            >
              <p className="text-xs text-gray-600">
                <time dateTime={entry.since}>{texts.waitingSince(time.format(new Date(entry.since)))}</time>
              </p>
              <p className="mt-0.5 text-sm break-words text-gray-800">
                {entry.preview || <span className="text-gray-600">{texts.noMessage}</span>}
              </p>
            </PersonRow>
          ))}
        </ol>
      ) : null}
      {queue.count > queue.data.length ? (
        <p className="px-3 py-2 text-xs text-gray-600">{texts.more(queue.data.length, queue.count)}</p>
      ) : null}
    </div>
  );
}
