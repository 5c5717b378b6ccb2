import type { TChatQueue } from '@shop/contracts/chat-protocol';
import { Initial } from './session-list';
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
  if (!queue || queue.count <= 0) return null;
  return (
    <span className="ml-1.5 rounded-full bg-amber-600 px-1.5 py-0.5 text-xs text-white" data-queue-count={queue.count}>
      <span aria-hidden="true">{queue.count > 99 ? '99+' : queue.count}</span>
      <span className="sr-only">{texts.queueCount(queue.count)}</span>
    </span>
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
            <li key={entry.session_id} className="border-b border-gray-100 px-3 py-3" data-queue-session={entry.session_id}>
              <div className="flex items-start gap-3">
                <Initial name={entry.nickname} src={entry.avatar || undefined} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-gray-900">{entry.nickname}</p>
                  <p className="text-xs text-gray-600">
                    <time dateTime={entry.since}>{texts.waitingSince(time.format(new Date(entry.since)))}</time>
                  </p>
                  <p className="mt-0.5 text-sm break-words text-gray-800">
                    {entry.preview || <span className="text-gray-600">{texts.noMessage}</span>}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onTake(entry.tourist_id)}
                  aria-label={texts.takeConversation(entry.nickname)}
                  className="min-h-9 shrink-0 rounded-md border border-gray-300 bg-white px-2.5 text-xs font-medium text-gray-900 hover:border-gray-900"
                >
                  {texts.take}
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {queue.count > queue.data.length ? (
        <p className="px-3 py-2 text-xs text-gray-600">{texts.more(queue.data.length, queue.count)}</p>
      ) : null}
    </div>
  );
}
