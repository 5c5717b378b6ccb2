import {
  CHAT_SESSION_STATES,
  CHAT_SESSION_VIEWS,
  type TChatSessionState,
  type TChatSessionView,
} from '@shop/contracts/chat-constants';
import type { TChatSession, TChatStatus } from '@shop/contracts/chat-protocol';
import { useMemo, useState } from 'react';
import { cx } from '../../lib/cx';
import type { AgentToolsTexts } from './agent-tools-texts';
import { listPages, listRows, type SessionListState } from './console-state';
import { LabelChips, LabelFilter } from './labels';
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
  /** every conversation of the agent's, kept live by the pushes */
  sessions: TChatSession[];
  /** the view, state and page shown, as the server last answered it */
  list: SessionListState;
  myId: number | null;
  activeId: number | null;
  typing: Record<number, boolean>;
  texts: ConsoleTexts;
  /** the labels' words (decision 0058) */
  toolsTexts: AgentToolsTexts;
  onSelect: (sessionId: number) => void;
  /** takes a queued visitor's conversation */
  onTake: (touristId: number) => void;
  onPin: (sessionId: number, top: 0 | 1) => void;
  /** another view, state, page or label filter (null: none) */
  onList: (view: TChatSessionView, state: TChatSessionState, page?: number, label?: string | null) => void;
};

const viewClass =
  'flex min-h-11 flex-1 items-center justify-center gap-1 border-b-2 border-transparent px-1 text-[13px] font-semibold text-gray-600 hover:text-gray-900 aria-pressed:border-gray-900 aria-pressed:text-gray-900';

/**
 * The agent's conversations (issue 6 item 6, decision 0053): Mine, Unassigned and — for
 * supervisors — All, each with its count, in one state at a time, a page at a time; unread
 * counts, pin, last message and search within the page.
 */
export function SessionList({
  sessions,
  list,
  myId,
  activeId,
  typing,
  texts,
  toolsTexts,
  onSelect,
  onTake,
  onPin,
  onList,
}: Props) {
  const [query, setQuery] = useState('');
  const rows = useMemo(() => listRows(list, sessions), [list, sessions]);
  const shown = useMemo(() => rows.filter((session) => matchesSearch(session, query)), [rows, query]);
  const supervisor = list.counts.all !== null;
  const views = CHAT_SESSION_VIEWS.filter((view) => view !== 'all' || supervisor);
  const pages = listPages(list);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <fieldset className="flex border-b border-gray-200">
        <legend className="sr-only">{texts.views}</legend>
        {views.map((view) => {
          const count = list.counts[view] ?? 0;
          return (
            <button
              key={view}
              type="button"
              aria-pressed={list.view === view}
              onClick={() => onList(view, list.state)}
              className={viewClass}
            >
              {texts.viewNames[view]}
              <span className="rounded-full bg-gray-100 px-1.5 text-xs font-normal text-gray-700">{count}</span>
            </button>
          );
        })}
      </fieldset>
      <div className="flex items-center gap-2 border-b border-gray-200 p-3">
        <label className="flex shrink-0 items-center gap-1.5 text-sm text-gray-700">
          {texts.stateLabel}
          <select
            value={list.state}
            onChange={(event) => onList(list.view, event.target.value as TChatSessionState)}
            className="min-h-10 rounded-md border border-gray-300 bg-white px-2 text-sm"
          >
            {CHAT_SESSION_STATES.map((state) => (
              <option key={state} value={state}>
                {texts.stateNames[state]}
              </option>
            ))}
          </select>
        </label>
        <div className="min-w-0 flex-1">
          <SearchField label={texts.searchConversations} value={query} onChange={setQuery} />
        </div>
      </div>
      <LabelFilter label={list.label} texts={toolsTexts} onFilter={(label) => onList(list.view, list.state, 1, label)} />
      {!list.loaded ? (
        <p role="status" className="p-4 text-sm text-gray-600">
          {texts.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className="p-4 text-sm text-gray-600">
          {rows.length === 0 ? texts.emptyList(list.view, list.state) : texts.noMatches}
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={texts.conversations}>
          {shown.map((session) => {
            const active = session.id === activeId;
            const unread = session.unread_message_count;
            const mine = myId !== null && session.csr_id === myId;
            const queued = session.status === 'queued';
            // a supervisor reads (and may resolve or reopen) another agent's conversation
            const readable = mine || (supervisor && !queued);
            return (
              <li key={session.id} className={cx('flex items-stretch border-b border-gray-100', active && 'bg-gray-100')}>
                <button
                  type="button"
                  onClick={() => (readable ? onSelect(session.id) : queued ? onTake(session.session_user_id) : undefined)}
                  aria-disabled={!readable && !queued ? 'true' : undefined}
                  aria-label={queued && !mine ? texts.takeConversation(session.nickname) : undefined}
                  aria-current={active ? 'true' : undefined}
                  data-session-id={session.id}
                  className={cx(
                    'flex min-w-0 flex-1 items-center gap-3 px-3 py-3 text-left',
                    readable || queued ? 'hover:bg-gray-50' : 'cursor-default',
                  )}
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
                      <LifecycleBadges session={session} texts={texts} />
                      {!mine && !queued ? <span className="text-xs text-gray-500">{texts.withAgent(session.csr_id)}</span> : null}
                    </span>
                    {session.labels.length ? (
                      <span className="mt-1 flex">
                        <LabelChips labels={session.labels} texts={toolsTexts} />
                      </span>
                    ) : null}
                  </span>
                  {unread > 0 ? (
                    <span className="min-w-6 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-semibold text-white">
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only">{texts.unread(unread)}</span>
                    </span>
                  ) : null}
                  {queued && !mine ? (
                    <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-gray-900 underline">
                      {texts.take}
                    </span>
                  ) : null}
                </button>
                {mine ? (
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
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {list.loaded && pages > 1 ? (
        <nav
          aria-label={texts.pageOf(list.page, pages)}
          className="flex items-center justify-between gap-2 border-t border-gray-200 p-2"
        >
          <button
            type="button"
            disabled={list.page <= 1}
            onClick={() => onList(list.view, list.state, list.page - 1)}
            className="min-h-10 rounded-md border border-gray-300 px-3 text-sm disabled:opacity-50"
          >
            {texts.previousPage}
          </button>
          <span className="text-xs text-gray-600">{texts.pageOf(list.page, pages)}</span>
          <button
            type="button"
            disabled={list.page >= pages}
            onClick={() => onList(list.view, list.state, list.page + 1)}
            className="min-h-10 rounded-md border border-gray-300 px-3 text-sm disabled:opacity-50"
          >
            {texts.nextPage}
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/** Resolved, snoozed (until when) and the visitor's rating, as short badges. */
export function LifecycleBadges({ session, texts }: { session: TChatSession; texts: ConsoleTexts }) {
  return (
    <>
      {session.state === 'resolved' ? <span className="text-xs text-green-800">{texts.resolvedBadge}</span> : null}
      {session.state === 'snoozed' && session.snoozed_until ? (
        <span className="text-xs text-gray-600">
          {texts.snoozedUntil(
            new Date(session.snoozed_until).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
          )}
        </span>
      ) : null}
      {session.rating ? (
        <span className="text-xs text-amber-800" title={session.rating.comment || undefined}>
          <span aria-hidden="true">{'★'.repeat(session.rating.stars)}</span>
          <span className="sr-only">{texts.rating(session.rating.stars)}</span>
        </span>
      ) : null}
    </>
  );
}

function PinIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'}>
      <path d="M9 3h6l-1 6 4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4z" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" />
    </svg>
  );
}
