import type { TQuickReply } from '@shop/contracts/chat-support';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { cx } from '../../lib/cx';
import type { ChatLanguage, ComposerAssist } from '../chat';
import type { AgentToolsTexts } from './agent-tools-texts';
import { matchesQuickReply, type QuickReplies } from './quick-replies';
import { QuickReplyOption } from './reply-preview';

/** At most this many replies are listed under `/` (the search narrows them). */
const SHOWN_MAX = 8;

/** The `/` query of a composer's text: what follows a `/` at its very start, on its first line; null otherwise. */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/')) return null;
  const rest = text.slice(1);
  return rest.includes('\n') ? null : rest;
}

/**
 * The agent's `/` shortcut (decision 0058): a `/` at the start of the composer opens the quick
 * replies, narrowed by what follows it, as a listbox the textarea controls (combobox): arrows move,
 * Enter inserts, Escape closes; the mouse picks too. `onChoose` fills the reply's variables.
 */
export function useSlashReplies({
  quickReplies,
  texts,
  language,
  disabled,
  onChoose,
}: {
  quickReplies: QuickReplies;
  texts: AgentToolsTexts;
  language: ChatLanguage;
  disabled: boolean;
  onChoose: (reply: TQuickReply) => void;
}): ComposerAssist {
  const [query, setQuery] = useState<string | null>(null);
  /** the text Escape closed the list on: it stays closed until the text changes */
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const shown = useMemo(
    () => (query === null ? [] : quickReplies.replies.filter((reply) => matchesQuickReply(reply, query)).slice(0, SHOWN_MAX)),
    [quickReplies.replies, query],
  );
  const open = query !== null && `/${query}` !== dismissed && !disabled;
  const current = Math.min(active, Math.max(0, shown.length - 1));

  const choose = (reply: TQuickReply | undefined) => {
    if (!reply) return;
    setQuery(null);
    setDismissed(null);
    onChoose(reply);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length) setActive((current + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
      return true;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      choose(shown[current]);
      return true;
    }
    if (event.key === 'Escape') {
      // the list closes; the dialog or page around the composer stays
      event.preventDefault();
      event.stopPropagation();
      setDismissed(`/${query ?? ''}`);
      return true;
    }
    return false;
  };

  const popup = open ? (
    <div className="border-t border-gray-200 bg-white px-2 pt-2">
      <p className="sr-only" role="status">
        {quickReplies.status === 'ready' ? (shown.length ? texts.slashCount(shown.length) : texts.slashNone) : ''}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={texts.slashList}
        className="max-h-56 overflow-y-auto rounded-lg border border-gray-200 py-1 shadow-sm"
        data-slash-replies=""
      >
        {quickReplies.status === 'loading' ? (
          <p className="px-3 py-2 text-sm text-gray-600">…</p>
        ) : shown.length === 0 ? (
          <p className="px-3 py-2 text-sm text-gray-600">{texts.slashNone}</p>
        ) : (
          shown.map((reply, index) => (
            <div
              key={reply.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              // the textarea keeps the focus; a click picks
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(reply)}
              // the keyboard stays in the textarea (aria-activedescendant); an option focused anyway picks with Enter
              tabIndex={-1}
              onKeyDown={(event) => {
                if (event.key === 'Enter') choose(reply);
              }}
              onMouseMove={() => setActive(index)}
              className={cx('cursor-pointer px-3 py-2', index === current ? 'bg-gray-100' : 'hover:bg-gray-50')}
            >
              <QuickReplyOption
                reply={reply}
                language={language}
                previewClassName="line-clamp-2 max-h-12 overflow-hidden text-gray-700"
              />
            </div>
          ))
        )}
      </div>
    </div>
  ) : null;

  return {
    attributes: {
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': open ? listId : undefined,
      'aria-autocomplete': 'list',
      'aria-activedescendant': open && shown.length ? optionId(current) : undefined,
    },
    onKeyDown,
    onText: (text) => {
      const next = slashQuery(text);
      setQuery(next);
      setActive(0);
      if (next === null || `/${next}` !== dismissed) setDismissed(null);
    },
    popup,
  };
}
