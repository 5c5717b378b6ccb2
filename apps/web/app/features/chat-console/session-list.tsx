import type { TChatSession, TChatStatus } from '@shop/contracts/chat-protocol';
import { useMemo, useState } from 'react';
import { cx } from '../../lib/cx';
import { SearchField } from './search-field';
import type { ConsoleTexts } from './texts';

const STATUS_DOT: Partial<Record<TChatStatus, string>> = {
  online: 'bg-green-600',
  busy: 'bg-amber-500',
  invite: 'bg-sky-600',
  await: 'bg-sky-600',
};

/** A presence dot; its meaning is in the text next to it for screen readers. */
export function StatusDot({ status, label }: { status: TChatStatus; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-gray-600">
      <span aria-hidden="true" className={cx('size-2 shrink-0 rounded-full', STATUS_DOT[status] ?? 'bg-gray-400')} />
      {label}
    </span>
  );
}

/** The initial of a name in a circle (avatars are often empty). */
export function Initial({ name, src }: { name: string; src?: string }) {
  if (src) return <img src={src} alt="" className="size-10 shrink-0 rounded-full bg-gray-100 object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-200 text-sm font-semibold text-gray-700"
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/** Matches a session by the visitor's name or the last message, ignoring case. */
export const matchesSearch = (session: Pick<TChatSession, 'nickname' | 'last_message'>, query: string) => {
  const needle = query.trim().toLowerCase();
  return !needle || session.nickname.toLowerCase().includes(needle) || session.last_message.toLowerCase().includes(needle);
};

type Props = {
  sessions: TChatSession[];
  loaded: boolean;
  activeId: number | null;
  typing: Record<number, boolean>;
  texts: ConsoleTexts;
  onSelect: (sessionId: number) => void;
  onPin: (sessionId: number, top: 0 | 1) => void;
};

/** The agent's conversations (issue 6 item 6): unread counts, pin, last message and search. */
export function SessionList({ sessions, loaded, activeId, typing, texts, onSelect, onPin }: Props) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => sessions.filter((session) => matchesSearch(session, query)), [sessions, query]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-gray-200 p-3">
        <SearchField label={texts.searchConversations} value={query} onChange={setQuery} />
      </div>
      {!loaded ? (
        <p role="status" className="p-4 text-sm text-gray-600">
          {texts.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className="p-4 text-sm text-gray-600">{sessions.length === 0 ? texts.noConversations : texts.noMatches}</p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={texts.conversations}>
          {shown.map((session) => {
            const active = session.id === activeId;
            const unread = session.unread_message_count;
            return (
              <li key={session.id} className={cx('flex items-stretch border-b border-gray-100', active && 'bg-gray-100')}>
                <button
                  type="button"
                  onClick={() => onSelect(session.id)}
                  aria-current={active ? 'true' : undefined}
                  data-session-id={session.id}
                  className="flex min-w-0 flex-1 items-center gap-3 px-3 py-3 text-left hover:bg-gray-50"
                >
                  <Initial name={session.nickname} src={session.avatar || undefined} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-2">
                      <span className="truncate text-sm font-semibold text-gray-900">{session.nickname}</span>
                      {session.top ? <span className="text-xs text-gray-500">{texts.pinned}</span> : null}
                    </span>
                    <span className="block truncate text-sm text-gray-600">
                      {typing[session.id] ? texts.typing : session.last_message || '\u00a0'}
                    </span>
                    <span className="mt-0.5 flex items-center gap-2">
                      <StatusDot status={session.session_user_status} label={texts.statusNames[session.session_user_status]} />
                      {session.status === 'queued' ? <span className="text-xs text-amber-700">{texts.queued}</span> : null}
                      {session.status === 'closed' ? <span className="text-xs text-gray-500">{texts.closed}</span> : null}
                    </span>
                  </span>
                  {unread > 0 ? (
                    <span className="min-w-6 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white">
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only">{texts.unread(unread)}</span>
                    </span>
                  ) : null}
                </button>
                <button
                  type="button"
                  onClick={() => onPin(session.id, session.top ? 0 : 1)}
                  aria-pressed={session.top === 1}
                  aria-label={`${session.top ? texts.unpin : texts.pin}: ${session.nickname}`}
                  title={session.top ? texts.unpin : texts.pin}
                  className={cx(
                    'flex w-11 shrink-0 items-center justify-center hover:bg-gray-50',
                    session.top ? 'text-gray-900' : 'text-gray-400',
                  )}
                >
                  <PinIcon filled={!!session.top} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function PinIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'}>
      <path d="M9 3h6l-1 6 4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4z" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
    </svg>
  );
}
