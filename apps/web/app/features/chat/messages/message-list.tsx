import type { TChatMessage } from '@shop/contracts/chat-protocol';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../../../lib/cx';
import {
  HISTORY_SCROLL_THROTTLE_MS,
  nearBottom,
  nearTop,
  needsTimeLabel,
  TIME_LABEL_REFRESH_MS,
  throttle,
  timeLabel,
} from './list-rules';
import { MessageView, messagePreview, senderName } from './message-view';
import { type MessageLanguage, messageTexts } from './texts';

export type MessageListProps = {
  /** one conversation's messages, oldest first (pending ones, with negative ids, last) */
  messages: readonly TChatMessage[];
  /** who is looking: their id and identity (tourist and agent ids are counted apart) */
  myId: number;
  myIdentity: 'tourist' | 'csr';
  language: MessageLanguage;
  /** older history exists on the server */
  hasMore: boolean;
  /** older history is being fetched */
  loadingOlder: boolean;
  /** fetch the next older page (called near the top, throttled, never while loadingOlder) */
  onLoadOlder: () => void;
  /** the other side has read everything up to this sequence */
  readUpTo?: number;
  /** spec 9: long code blocks start folded (on unless turned off) */
  foldLongCode?: boolean;
  className?: string;
};

/** React's key for a message: its client id, so a pending message keeps its place when it is stored. */
const keyOf = (message: TChatMessage | undefined) => (message ? message.client_msg_id || `id-${message.id}` : null);

/** A message this recent that arrives in an empty list is announced (older ones are history). */
const FRESH_MS = 2 * 60_000;

/**
 * A conversation: messages oldest first with time labels (refreshed every 60 s), older history
 * fetched when scrolled within 10 px of the top (looked at every 300 ms at most; a button does it
 * from the keyboard), the reading position kept when older messages arrive above, the end followed
 * when new ones arrive while it is in view (or when the reader sent one), and a polite live region
 * announcing each new incoming message.
 */
export function MessageList({
  messages,
  myId,
  myIdentity,
  language,
  hasMore,
  loadingOlder,
  onLoadOlder,
  readUpTo,
  foldLongCode = true,
  className,
}: MessageListProps) {
  const texts = messageTexts(language);
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  const stuck = useRef(true);
  const lastTop = useRef(0);
  const snapshot = useRef<{
    session: number | null;
    first: string | null;
    last: string | null;
    height: number;
    top: number;
  } | null>(null);
  /** the highest sequence already shown: anything above it from the other side is news */
  const seenSeq = useRef<number | null>(null);
  const latest = useRef({ hasMore, loadingOlder, onLoadOlder });
  latest.current = { hasMore, loadingOlder, onLoadOlder };

  const isMine = (message: TChatMessage) => message.sender_identity === myIdentity && message.sender_id === myId;

  // spec 9: time labels are refreshed every 60 s
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TIME_LABEL_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const lookAtTop = useMemo(
    () =>
      throttle(() => {
        const element = scroller.current;
        const { hasMore: more, loadingOlder: loading, onLoadOlder: load } = latest.current;
        if (element && more && !loading && nearTop(element.scrollTop)) load();
      }, HISTORY_SCROLL_THROTTLE_MS),
    [],
  );
  useEffect(() => () => lookAtTop.cancel(), [lookAtTop]);

  // Where the list stands after messages change: kept in place when older ones arrive above,
  // at the end for new ones while the end is in view (or when the reader sent one); then the
  // newest incoming message is announced.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new set of messages only
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const session = messages[0]?.session_id ?? null;
    const first = keyOf(messages[0]);
    const lastMessage = messages[messages.length - 1];
    const last = keyOf(lastMessage);
    let before = snapshot.current;
    if (before && session !== null && before.session !== null && before.session !== session) {
      // another conversation: start again at its end
      before = null;
      seenSeq.current = null;
    }
    if (!before || before.last === null) {
      element.scrollTop = element.scrollHeight;
      stuck.current = true;
    } else if (first !== before.first && last === before.last) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (stuck.current || (last !== before.last && lastMessage && isMine(lastMessage))) {
      element.scrollTop = element.scrollHeight;
      stuck.current = true;
    }
    snapshot.current = {
      session: session ?? before?.session ?? null,
      first,
      last,
      height: element.scrollHeight,
      top: element.scrollTop,
    };

    const stored = messages.filter((message) => message.id >= 0);
    if (stored.length === 0) return;
    const newestSeq = stored.reduce((max, message) => Math.max(max, message.seq), 0);
    let arrived: TChatMessage | undefined;
    if (seenSeq.current === null) {
      // the first messages seen are history, unless one alone has just been sent
      const only = stored.length === 1 ? stored[0] : undefined;
      if (only && !isMine(only) && Date.now() - Date.parse(only.created_at) < FRESH_MS) arrived = only;
    } else {
      const seen = seenSeq.current;
      arrived = stored.filter((message) => message.seq > seen && !isMine(message)).pop();
    }
    seenSeq.current = Math.max(seenSeq.current ?? 0, newestSeq);
    if (arrived) setAnnouncement(texts.announce(senderName(arrived, false, texts), messagePreview(arrived, texts)));
  }, [messages]);

  // Images and diagrams that finish loading make the list taller: the end stays in view.
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stuck.current) element.scrollTop = element.scrollHeight;
      if (snapshot.current) {
        snapshot.current.height = element.scrollHeight;
        snapshot.current.top = element.scrollTop;
      }
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    // Only the reader leaves the end, by scrolling up: a list that grew under a scroll this
    // component made (an image arriving) still follows the newest message.
    if (nearBottom(element)) stuck.current = true;
    else if (element.scrollTop < lastTop.current) stuck.current = false;
    lastTop.current = element.scrollTop;
    if (snapshot.current) {
      snapshot.current.height = element.scrollHeight;
      snapshot.current.top = element.scrollTop;
    }
    lookAtTop();
  };

  let previousAt: number | null = null;
  return (
    <section
      ref={scroller}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll it from the keyboard
      tabIndex={0}
      aria-label={texts.messages}
      aria-busy={loadingOlder || undefined}
      className={cx('relative min-h-0 overflow-y-auto overscroll-contain [overflow-anchor:none]', className)}
    >
      <div ref={content} className="flex flex-col gap-3 px-3 pt-1 pb-3">
        <div className="flex h-9 shrink-0 items-center justify-center text-xs text-gray-700">
          {loadingOlder ? (
            <span role="status" className="inline-flex items-center gap-2">
              <span
                className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent"
                aria-hidden="true"
              />
              {texts.loadingOlder}
            </span>
          ) : hasMore ? (
            <button
              type="button"
              onClick={() => onLoadOlder()}
              className="min-h-8 rounded-full px-3 font-semibold text-gray-900 underline-offset-2 hover:bg-gray-100 hover:underline"
            >
              {texts.loadOlder}
            </button>
          ) : messages.length > 0 ? (
            <span>{texts.noOlder}</span>
          ) : null}
        </div>
        {messages.length === 0 && !hasMore && !loadingOlder ? (
          <p className="py-8 text-center text-sm text-gray-700">{texts.noMessages}</p>
        ) : null}
        <ol className="flex flex-col gap-3">
          {messages.map((message) => {
            const at = Date.parse(message.created_at);
            const labelled = needsTimeLabel(at, previousAt);
            previousAt = at;
            const mine = isMine(message);
            return (
              <li key={keyOf(message)} className="flex flex-col gap-3">
                {labelled && Number.isFinite(at) ? (
                  <p className="text-center text-[11px] text-gray-700">
                    <time dateTime={new Date(at).toISOString()}>{timeLabel(at, now, language, texts)}</time>
                  </p>
                ) : null}
                <MessageView
                  message={message}
                  mine={mine}
                  read={mine && readUpTo !== undefined && message.id >= 0 && message.seq <= readUpTo}
                  language={language}
                  foldLongCode={foldLongCode}
                  viewer={myIdentity}
                />
              </li>
            );
          })}
        </ol>
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </section>
  );
}
