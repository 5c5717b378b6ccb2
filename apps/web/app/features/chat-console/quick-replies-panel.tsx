import { ZQuickReplyAddRequest } from '@shop/contracts/chat-support';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import type { ChatLanguage } from '../chat';
import { type QuickReplies, quickReplyLabel, useQuickReplySearch } from './quick-replies';
import { listsQuickReplies, QuickRepliesNotice } from './quick-replies-notice';
import { ReplyPreview } from './reply-preview';
import { SearchField } from './search-field';
import type { ConsoleTexts } from './texts';

type Props = {
  quickReplies: QuickReplies;
  texts: ConsoleTexts;
  language: ChatLanguage;
  /** a conversation is open: replies can be sent */
  canSend: boolean;
  onSend: (content: string) => void;
};

/** The quick replies tab (issue 6 item 6): search, send one into the open conversation, add and delete own ones. */
export function QuickRepliesPanel({ quickReplies, texts, language, canSend, onSend }: Props) {
  const { query, setQuery, shown } = useQuickReplySearch(quickReplies.replies);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3">
      <SearchField label={texts.searchQuickReplies} value={query} onChange={setQuery} />
      {!listsQuickReplies(quickReplies, shown) ? (
        <QuickRepliesNotice
          quickReplies={quickReplies}
          shown={shown}
          texts={texts}
          failure={
            <div
              role="alert"
              className="flex items-center justify-between gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {texts.quickRepliesFailed}
              <Button variant="secondary" className="min-h-9 px-3" onClick={() => void quickReplies.reload()}>
                {texts.retry}
              </Button>
            </div>
          }
        />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={texts.quickReplies}>
          {shown.map((reply) => (
            <li key={reply.id} className="rounded-md border border-gray-200 bg-white p-3">
              {reply.title.trim() || reply.shared ? (
                <p className="flex items-center gap-2 text-sm font-semibold text-gray-900">
                  {reply.title.trim() ? <span className="truncate">{reply.title}</span> : null}
                  {reply.shared ? <span className="text-xs font-normal text-gray-500">{texts.shared}</span> : null}
                </p>
              ) : null}
              <ReplyPreview source={reply.content} language={language} className="mt-1 max-h-40 overflow-y-auto text-gray-700" />
              <div className="mt-2 flex gap-2">
                <Button
                  className="min-h-9 px-3"
                  disabled={!canSend}
                  title={canSend ? undefined : texts.needConversation}
                  onClick={() => onSend(reply.content)}
                  aria-label={`${texts.send}: ${quickReplyLabel(reply)}`}
                >
                  {texts.send}
                </Button>
                {reply.shared ? null : (
                  <Button
                    variant="ghost"
                    className="min-h-9 px-3"
                    onClick={() => void quickReplies.remove(reply.id)}
                    aria-label={texts.deleteReply(quickReplyLabel(reply))}
                  >
                    {texts.delete}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <AddQuickReply quickReplies={quickReplies} texts={texts} />
    </div>
  );
}

function AddQuickReply({ quickReplies, texts }: { quickReplies: QuickReplies; texts: ConsoleTexts }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const contentId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZQuickReplyAddRequest.safeParse({ ...(title.trim() ? { title } : {}), content });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setSaving(true);
    try {
      const result = await quickReplies.add({ title, content });
      if (result.ok) {
        setTitle('');
        setContent('');
        setErrors({});
      } else setErrors(result.fields ?? {});
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="rounded-md border border-dashed border-gray-300 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-gray-900">{texts.addQuickReply}</summary>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 px-3 pb-3">
        <Field label={texts.replyTitle} value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
        <div className="flex flex-col gap-1">
          <label htmlFor={contentId} className="text-sm font-medium text-gray-800">
            {texts.replyContent}
          </label>
          <textarea
            id={contentId}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            rows={3}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? `${contentId}-error` : undefined}
            className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
          />
          {errors.content ? (
            <p id={`${contentId}-error`} role="alert" className="text-sm text-red-700">
              {errors.content}
            </p>
          ) : null}
        </div>
        <Button type="submit" busy={saving} className="min-h-10">
          {texts.save}
        </Button>
      </form>
    </details>
  );
}
