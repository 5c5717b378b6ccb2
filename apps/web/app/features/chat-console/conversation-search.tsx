import { CHAT_SEARCH_MAX_LENGTH } from '@shop/contracts/chat-constants';
import type { TChatSearchSnippet, TChatSession } from '@shop/contracts/chat-protocol';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import type { ChatPush } from '../chat';
import { type SearchTexts, searchTexts } from './search-texts';
import { Initial } from './session-list';
import type { ConsoleLanguage } from './sign-in-texts';
import { useConversationSearch } from './use-conversation-search';

type Props = {
  language: ConsoleLanguage;
  connected: boolean;
  /** whether the agent reads every conversation (a supervisor), or takes a queued one to read it */
  supervisor: boolean;
  send: (frame: { pathInfo: string } & Record<string, unknown>) => boolean;
  listen: (listener: (push: ChatPush) => void) => () => void;
  /** opens a conversation the agent may read */
  onOpen: (session: TChatSession) => void;
  /** takes a queued visitor's conversation */
  onTake: (touristId: number) => void;
};

/** How long an opened result's message is looked for in its conversation (it shows once the history loads). */
const FIND_MESSAGE_MS = 10_000;

/**
 * Brings the message a result names into view once its conversation shows it (when it is among the
 * pages loaded); gives up after FIND_MESSAGE_MS.
 */
function useScrollToMessage(messageId: number | null) {
  useEffect(() => {
    if (messageId === null) return;
    const selector = `[data-message-id="${messageId}"]`;
    const reveal = () => {
      const found = document.querySelector(selector);
      if (!found) return false;
      found.scrollIntoView({ block: 'center' });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), FIND_MESSAGE_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [messageId]);
}

/** A snippet with its matching words marked. */
function Snippet({ parts }: { parts: TChatSearchSnippet }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-gray-900">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const plain = (parts: TChatSearchSnippet) => parts.map((part) => part.text).join('');

const rowClass =
  'flex w-full min-w-0 items-start gap-3 px-3 py-2.5 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900';

/**
 * The console's search over every conversation and contact the agent may read (decision 0062): a
 * search field, the matching contacts and messages with their highlighted snippets, and what was
 * found announced to screen readers. Picking a result opens its conversation (a queued one is taken).
 */
export function ConversationSearch({ language, connected, supervisor, send, listen, onOpen, onTake }: Props) {
  const texts = searchTexts[language];
  const [value, setValue] = useState('');
  const { search, change, more } = useConversationSearch({ send, listen, noWords: texts.noWords });
  const inputId = useId();
  const hintId = useId();
  const dateFormat = new Intl.DateTimeFormat(language === 'zh-cn' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const [target, setTarget] = useState<{ messageId: number } | null>(null);
  useScrollToMessage(target?.messageId ?? null);
  const open = (session: TChatSession, messageId?: number) => {
    setTarget(messageId === undefined ? null : { messageId });
    if (session.status === 'queued' && !supervisor) onTake(session.session_user_id);
    else onOpen(session);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change(value, true);
  };

  const announcement =
    search.status === 'loading' && search.page === 0
      ? texts.searching
      : search.status === 'done'
        ? search.total === 0 && search.contacts.length === 0
          ? texts.nothing(search.keyword)
          : [texts.found(search.total, search.keyword), search.contacts.length ? texts.foundContacts(search.contacts.length) : '']
              .filter(Boolean)
              .join(' ')
        : '';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <search className="border-b border-gray-200 p-3">
        <form onSubmit={submit} className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold text-gray-900">
            {texts.label}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              type="search"
              value={value}
              maxLength={CHAT_SEARCH_MAX_LENGTH}
              aria-describedby={hintId}
              autoComplete="off"
              disabled={!connected}
              onChange={(event) => {
                setValue(event.target.value);
                change(event.target.value);
              }}
              className="min-h-10 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 text-sm disabled:bg-gray-100"
            />
            <Button type="submit" variant="secondary" className="min-h-10 shrink-0 px-3" disabled={!connected}>
              {texts.submit}
            </Button>
          </div>
          <p id={hintId} className="text-xs text-gray-600">
            {connected ? texts.hint : texts.offline}
          </p>
        </form>
      </search>

      <p role="status" aria-live="polite" className="px-3 pt-2 text-sm text-gray-700 empty:hidden">
        {announcement}
      </p>
      {search.status === 'error' && search.error ? (
        <p role="alert" className="px-3 pt-2 text-sm text-red-700">
          {search.error}
        </p>
      ) : null}

      <div className="min-h-0 flex-1 overflow-y-auto pb-3">
        <ResultSection id={`${inputId}-contacts`} title={texts.contacts} shown={search.contacts.length > 0}>
          {search.contacts.map((contact) => (
            <li key={contact.tourist_id} className="border-b border-gray-100">
              <button
                type="button"
                className={rowClass}
                aria-label={texts.open(plain(contact.nickname))}
                onClick={() => open(contact.session)}
              >
                <Initial name={plain(contact.nickname)} />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="block truncate font-semibold text-gray-900">
                    <Snippet parts={contact.nickname} />
                  </span>
                  {[contact.name, contact.email, contact.phone]
                    .filter((parts) => parts.length > 0)
                    .map((parts) => (
                      <span key={plain(parts)} className="block truncate text-gray-700">
                        <Snippet parts={parts} />
                      </span>
                    ))}
                  {contact.session.status === 'queued' && !supervisor ? <Queued texts={texts} /> : null}
                </span>
              </button>
            </li>
          ))}
        </ResultSection>

        <ResultSection id={`${inputId}-messages`} title={texts.messages} shown={search.hits.length > 0}>
          {search.hits.map((hit) => (
            <li key={hit.message_id} className="border-b border-gray-100">
              <button
                type="button"
                className={rowClass}
                onClick={() => open(hit.session, hit.message_id)}
                data-session-id={hit.session_id}
              >
                <Initial name={hit.session.nickname} src={hit.session.avatar || undefined} />
                <span className="min-w-0 flex-1 text-sm">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold text-gray-900">{hit.session.nickname}</span>
                    <time dateTime={hit.created_at} className="shrink-0 text-xs text-gray-600">
                      {dateFormat.format(new Date(hit.created_at))}
                    </time>
                  </span>
                  <span className="block text-gray-700 [overflow-wrap:anywhere]">
                    <span className="sr-only">{hit.sender_identity === 'tourist' ? texts.fromVisitor : texts.fromAgent}: </span>
                    <Snippet parts={hit.snippet} />
                  </span>
                  {hit.session.status === 'queued' && !supervisor ? <Queued texts={texts} /> : null}
                </span>
              </button>
            </li>
          ))}
        </ResultSection>

        {search.status === 'loading' && search.page > 0 ? (
          <p className="p-3 text-sm text-gray-600">{texts.searching}</p>
        ) : search.status === 'done' && search.hits.length < search.total ? (
          <div className="p-3">
            <Button variant="secondary" className="min-h-10 w-full" onClick={more}>
              {texts.more}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** One kind of result (contacts, messages) under its heading; nothing when there is none. */
function ResultSection({ id, title, shown, children }: { id: string; title: string; shown: boolean; children: ReactNode }) {
  if (!shown) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">
        {title}
      </h2>
      <ul>{children}</ul>
    </section>
  );
}

/** A found conversation still waiting in the queue (an agent can only take it from there). */
function Queued({ texts }: { texts: SearchTexts }) {
  return <span className="block text-xs text-amber-800">{texts.queued}</span>;
}
