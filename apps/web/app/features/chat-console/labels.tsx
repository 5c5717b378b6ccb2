import { CHAT_LABEL_MAX_LENGTH, CHAT_LABELS_MAX } from '@shop/contracts/chat-constants';
import { labelKey } from '@shop/contracts/chat-protocol';
import { type FormEvent, useId, useState } from 'react';
import type { AgentToolsTexts } from './agent-tools-texts';

/** Why a label cannot be added to a conversation holding `labels` (the server's rules, said before asking); null when it can. */
export function labelProblem(value: string, labels: readonly string[], texts: AgentToolsTexts): string | null {
  const label = value.trim();
  if (!label) return texts.labelEmpty;
  if (label.length > CHAT_LABEL_MAX_LENGTH) return texts.labelTooLong;
  if (labels.some((held) => labelKey(held) === labelKey(label))) return texts.labelTaken;
  if (labels.length >= CHAT_LABELS_MAX) return texts.tooManyLabels;
  return null;
}

const chipClass = 'inline-flex max-w-full items-center rounded-full bg-indigo-50 px-2 text-xs font-medium text-indigo-900';

/** A conversation's labels as small chips (the agents' lists). */
export function LabelChips({ labels, texts }: { labels: readonly string[]; texts: AgentToolsTexts }) {
  if (!labels.length) return null;
  return (
    <span className="flex min-w-0 flex-wrap gap-1">
      <span className="sr-only">{texts.labels}:</span>
      {labels.map((label) => (
        <span key={label} className={`${chipClass} py-0.5`} data-label-chip="">
          <span className="truncate">{label}</span>
        </span>
      ))}
    </span>
  );
}

/** The conversation header's labels: remove one, or add one (decision 0058). */
export function ConversationLabels({
  name,
  labels,
  texts,
  canEdit,
  onAdd,
  onRemove,
}: {
  name: string;
  labels: readonly string[];
  texts: AgentToolsTexts;
  canEdit: boolean;
  onAdd: (label: string) => void;
  onRemove: (label: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  if (!canEdit) return <LabelChips labels={labels} texts={texts} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = labelProblem(draft, labels, texts);
    if (problem) return setError(problem);
    setError(null);
    onAdd(draft.trim());
    setDraft('');
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <ul className="flex min-w-0 flex-wrap items-center gap-1" aria-label={texts.labelsOf(name)}>
        {labels.map((label) => (
          <li key={label} className={`${chipClass} gap-0.5 pl-2 pr-0`} data-label-chip="">
            <span className="truncate">{label}</span>
            <button
              type="button"
              onClick={() => onRemove(label)}
              aria-label={texts.removeLabel(label)}
              title={texts.removeLabel(label)}
              className="flex size-6 items-center justify-center rounded-full hover:bg-indigo-100"
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        <li className="min-w-0">
          <form onSubmit={submit} className="flex items-center gap-1" noValidate>
            <label htmlFor={fieldId} className="sr-only">
              {texts.newLabel}
            </label>
            <input
              id={fieldId}
              value={draft}
              maxLength={CHAT_LABEL_MAX_LENGTH + 10}
              placeholder={texts.newLabel}
              onChange={(event) => {
                setDraft(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-hint`}
              className="h-8 w-28 min-w-0 rounded-md border border-gray-300 bg-white px-2 text-xs"
            />
            <button type="submit" className="h-8 shrink-0 rounded-md border border-gray-300 px-2 text-xs hover:border-gray-900">
              {texts.addLabel}
            </button>
          </form>
        </li>
      </ul>
      <p id={`${fieldId}-hint`} className={error ? 'text-xs text-red-700' : 'sr-only'} role={error ? 'alert' : undefined}>
        {error ?? texts.labelLimits}
      </p>
    </div>
  );
}

/** The agents' lists narrowed to one label (decision 0058); the filter shown as a chip to clear. */
export function LabelFilter({
  label,
  texts,
  onFilter,
}: {
  label: string | null;
  texts: AgentToolsTexts;
  onFilter: (label: string | null) => void;
}) {
  const [draft, setDraft] = useState('');
  const fieldId = useId();
  if (label !== null) {
    return (
      <div className="flex items-center gap-2 border-b border-gray-200 px-3 py-2">
        <span className={`${chipClass} py-1`}>{texts.filteredBy(label)}</span>
        <button
          type="button"
          onClick={() => onFilter(null)}
          aria-label={texts.clearFilter(label)}
          className="flex size-8 items-center justify-center rounded-md hover:bg-gray-100"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    );
  }
  return (
    <form
      className="flex items-center gap-2 border-b border-gray-200 px-3 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        const value = draft.trim();
        if (!value) return;
        setDraft('');
        onFilter(value.slice(0, CHAT_LABEL_MAX_LENGTH));
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        {texts.filterByLabel}
      </label>
      <input
        id={fieldId}
        value={draft}
        maxLength={CHAT_LABEL_MAX_LENGTH}
        placeholder={texts.filterByLabel}
        onChange={(event) => setDraft(event.target.value)}
        className="min-h-9 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-2 text-sm"
      />
      <button type="submit" className="min-h-9 shrink-0 rounded-md border border-gray-300 px-3 text-sm hover:border-gray-900">
        {texts.applyFilter}
      </button>
    </form>
  );
}
