import { CHAT_NOTE_MAX_LENGTH } from '@shop/contracts/chat-constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import type { AgentToolsTexts } from './agent-tools-texts';
import type { NotesState } from './console-state';

type Props = {
  sessionId: number;
  notes: NotesState | undefined;
  texts: AgentToolsTexts;
  /** the agent may write here: the conversation's own agent, or a supervisor */
  canWrite: boolean;
  connected: boolean;
  /** the newest page of notes, or the page before `beforeId` */
  onLoad: (sessionId: number, beforeId?: number) => void;
  /** false when it could not be sent */
  onAdd: (sessionId: number, content: string) => boolean;
};

/**
 * A conversation's private notes (decision 0058): a disclosure under the header, marked and
 * coloured apart from the messages, that agents and supervisors see live and the visitor never.
 */
export function NotesPanel({ sessionId, notes, texts, canWrite, connected, onLoad, onAdd }: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const regionId = useId();
  const fieldId = useId();
  const list = useRef<HTMLOListElement>(null);
  const count = notes?.notes.length ?? 0;
  const oldestId = notes?.notes[0]?.id;
  const newestId = notes?.notes.at(-1)?.id;
  // the earlier page asked for, until it has come (the oldest note held changes)
  const [olderAskedAt, setOlderAskedAt] = useState<number | null>(null);
  const loadingOlder = olderAskedAt !== null && olderAskedAt === oldestId;

  // the notes are asked for with the conversation (and again after a reconnect)
  useEffect(() => {
    if (connected && !notes?.loaded) onLoad(sessionId);
  }, [connected, notes?.loaded, onLoad, sessionId]);

  // the newest note in view when the panel opens or a note is added (not when an earlier page comes)
  useEffect(() => {
    if (open && newestId !== undefined) list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [open, newestId]);

  const loadOlder = () => {
    if (oldestId === undefined) return;
    setOlderAskedAt(oldestId);
    onLoad(sessionId, oldestId);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content) return setError(texts.noteEmpty);
    if (!onAdd(sessionId, content)) return setError(texts.noteOffline);
    setError(null);
    setDraft('');
  };

  return (
    <div className="border-b border-amber-200 bg-amber-50" data-notes-panel="">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((was) => !was)}
        className="flex min-h-10 w-full items-center gap-2 px-3 text-left text-sm font-semibold text-amber-900 hover:bg-amber-100 md:px-4"
      >
        <LockIcon />
        {texts.notesCount(notes?.total ?? count)}
        <span aria-hidden="true" className="ml-auto text-xs">
          {open ? '▲' : '▼'}
        </span>
      </button>
      {open ? (
        <section id={regionId} aria-label={texts.notes} className="flex max-h-72 flex-col gap-2 px-3 pb-3 md:px-4">
          <p className="text-xs text-amber-900">{texts.notesHint}</p>
          {count === 0 ? (
            <p className="text-sm text-gray-700">{notes?.loaded ? texts.noNotes : '…'}</p>
          ) : (
            <ol
              ref={list}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must be reachable to scroll it from the keyboard
              tabIndex={0}
              className="flex min-h-0 flex-col gap-2 overflow-y-auto focus-visible:outline-2 focus-visible:outline-amber-700"
              aria-label={texts.notes}
            >
              {notes?.hasMore ? (
                <li className="flex justify-center">
                  <Button
                    variant="ghost"
                    className="min-h-9 px-3 text-xs"
                    disabled={loadingOlder || !connected}
                    aria-busy={loadingOlder || undefined}
                    onClick={loadOlder}
                  >
                    {texts.earlierNotes}
                  </Button>
                </li>
              ) : null}
              {notes?.notes.map((note) => (
                <li
                  key={note.id}
                  className="rounded-md border border-dashed border-amber-400 bg-white px-3 py-2"
                  data-private-note=""
                >
                  <p className="text-xs font-semibold text-amber-900">
                    {texts.privateNote} ·{' '}
                    <span className="font-normal">
                      {texts.noteBy(
                        note.author,
                        new Date(note.created_at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
                      )}
                    </span>
                  </p>
                  <p className="mt-1 text-sm break-words whitespace-pre-wrap text-gray-900">{note.content}</p>
                </li>
              ))}
            </ol>
          )}
          {canWrite ? (
            <form onSubmit={submit} className="flex flex-col gap-1.5" noValidate>
              <label htmlFor={fieldId} className="sr-only">
                {texts.noteLabel}
              </label>
              <div className="flex items-end gap-2">
                <textarea
                  id={fieldId}
                  value={draft}
                  rows={2}
                  maxLength={CHAT_NOTE_MAX_LENGTH}
                  placeholder={texts.notePlaceholder}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    if (error) setError(null);
                  }}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey || event.altKey)) submit(event);
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${fieldId}-error` : undefined}
                  className="min-h-11 min-w-0 flex-1 resize-none rounded-md border border-amber-300 bg-white px-3 py-2 text-sm"
                />
                <Button type="submit" variant="secondary" className="min-h-11 shrink-0 px-3">
                  {texts.addNote}
                </Button>
              </div>
              {error ? (
                <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" focusable="false" fill="none">
      <rect x="5" y="11" width="14" height="9" rx="1.5" stroke="currentColor" strokeWidth={1.6} />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth={1.6} />
    </svg>
  );
}
