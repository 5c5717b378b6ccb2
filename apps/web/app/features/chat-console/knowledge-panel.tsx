import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import type { ChatLanguage } from '../chat';
import type { ConsoleState } from './console-state';
import { ReplyPreview } from './reply-preview';
import type { ConsoleTexts } from './texts';

type Props = {
  texts: ConsoleTexts;
  language: ChatLanguage;
  knowledge: ConsoleState['knowledge'];
  connected: boolean;
  canSend: boolean;
  onSearch: (keyword: string, page: number) => void;
  onSend: (content: string) => void;
};

/** The knowledge-base tab (issue 6 item 6): search the entries over the chat (getKbsData) and send an answer. */
export function KnowledgePanel({ texts, language, knowledge, connected, canSend, onSearch, onSend }: Props) {
  const [keyword, setKeyword] = useState(knowledge.keyword);
  const searchId = useId();
  const asked = useRef(false);

  // the first look at the tab lists the newest entries
  useEffect(() => {
    if (asked.current || !connected || knowledge.loaded) return;
    asked.current = true;
    onSearch('', 1);
  }, [connected, knowledge.loaded, onSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(keyword, 1);
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
      <form onSubmit={submit} className="flex gap-2" aria-label={texts.searchKnowledge}>
        <label htmlFor={searchId} className="sr-only">
          {texts.searchKnowledge}
        </label>
        <input
          id={searchId}
          type="search"
          value={keyword}
          maxLength={100}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={texts.searchKnowledge}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 text-sm"
        />
        <Button type="submit" variant="secondary" className="min-h-10 px-3">
          {texts.search}
        </Button>
      </form>
      {knowledge.loaded && knowledge.entries.length === 0 && !knowledge.loading ? (
        <p className="text-sm text-gray-600">{texts.noKnowledge}</p>
      ) : null}
      {knowledge.entries.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={texts.knowledgeBase}>
          {knowledge.entries.map((entry) => (
            <li key={entry.id} className="rounded-md border border-gray-200 bg-white p-3">
              <p className="text-sm font-semibold text-gray-900">{entry.questions[0]}</p>
              {entry.questions.length > 1 ? (
                <p className="text-xs text-gray-600">{entry.questions.slice(1).join(' · ')}</p>
              ) : null}
              <ReplyPreview source={entry.answer} language={language} className="mt-1 max-h-48 overflow-y-auto text-gray-700" />
              {entry.enabled ? null : <p className="mt-1 text-xs text-gray-500">{texts.disabled}</p>}
              <Button
                className="mt-2 min-h-9 px-3"
                disabled={!canSend}
                title={canSend ? undefined : texts.needConversation}
                onClick={() => onSend(entry.answer)}
                aria-label={`${texts.sendAnswer}: ${entry.questions[0] ?? ''}`}
              >
                {texts.sendAnswer}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {knowledge.loading ? (
        <p role="status" className="text-sm text-gray-600">
          {texts.loading}
        </p>
      ) : knowledge.entries.length < knowledge.total ? (
        <Button variant="secondary" className="min-h-10" onClick={() => onSearch(knowledge.keyword, knowledge.page + 1)}>
          {texts.loadMore}
        </Button>
      ) : null}
    </div>
  );
}
