import { Popover } from 'radix-ui';
import { useState } from 'react';
import type { ChatLanguage } from '../chat';
import { type QuickReplies, useQuickReplySearch } from './quick-replies';
import { listsQuickReplies, QuickRepliesNotice } from './quick-replies-notice';
import { QuickReplyOption } from './reply-preview';
import { SearchField } from './search-field';
import type { ConsoleTexts } from './texts';

/** The composer's quick-reply picker (spec 6: agents get a quick-reply picker): search and pick one. */
export function QuickReplyPicker({
  quickReplies,
  texts,
  language,
  disabled,
  onPick,
}: {
  quickReplies: QuickReplies;
  texts: ConsoleTexts;
  language: ChatLanguage;
  disabled?: boolean;
  onPick: (content: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const { query, setQuery, shown } = useQuickReplySearch(quickReplies.replies);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && quickReplies.status === 'failed') void quickReplies.reload();
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled}
          aria-label={texts.pickQuickReply}
          title={texts.pickQuickReply}
          className="flex size-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-900 disabled:text-gray-400"
        >
          <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false" fill="none">
            <path
              d="M13 2 4 14h7l-1 8 9-12h-7z"
              stroke="currentColor"
              strokeWidth={1.6}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 flex max-h-[min(420px,70vh)] w-[min(360px,calc(100vw-16px))] flex-col rounded-lg border border-gray-200 bg-white shadow-xl"
        >
          <div className="border-b border-gray-200 p-2">
            <SearchField label={texts.searchQuickReplies} value={query} onChange={setQuery} />
          </div>
          {!listsQuickReplies(quickReplies, shown) ? (
            <QuickRepliesNotice
              quickReplies={quickReplies}
              shown={shown}
              texts={texts}
              className="p-3"
              failure={
                <p role="alert" className="p-3 text-sm text-red-800">
                  {texts.quickRepliesFailed}
                </p>
              }
            />
          ) : (
            <ul className="min-h-0 overflow-y-auto py-1" aria-label={texts.quickReplies}>
              {shown.map((reply) => (
                <li key={reply.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(reply.content);
                      setOpen(false);
                    }}
                    className="block w-full px-3 py-2 text-left hover:bg-gray-100 focus-visible:bg-gray-100"
                  >
                    <QuickReplyOption
                      reply={reply}
                      language={language}
                      previewClassName="line-clamp-3 max-h-16 overflow-hidden text-gray-600"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
