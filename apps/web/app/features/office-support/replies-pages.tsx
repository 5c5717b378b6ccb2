import { CODE_OK } from '@shop/contracts';
import type { TKbEntry, TQuickReply } from '@shop/contracts/chat-support';
import {
  KB_ANSWER_MAX_LENGTH,
  QUICK_REPLY_CONTENT_MAX_LENGTH,
  QUICK_REPLY_TITLE_MAX_LENGTH,
  SUPPORT_KEYWORD_MAX_LENGTH,
  SupportPaths,
} from '@shop/contracts/chat-support-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Answer, failed, fieldsOf, issuesByField } from '../../components/office/answers';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { ScrollBox } from '../../components/office/scroll-box';
import { TableBody } from '../../components/office/table-body';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { quickReplyLabel, staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

/**
 * The back office's quick replies and knowledge base (decision 0046), on the staff API the chat
 * console already uses (`/admin/kefu/quickReply/*`, `/admin/kefu/kbs/*`), so an edit here is what
 * agents pick from in the console.
 */

const PAGE_SIZE = 20;

type List<T> = { data: T[]; total: number };
type Panel<T> = { kind: 'add' } | { kind: 'edit'; item: T } | { kind: 'delete'; item: T };

/** The list's search and page, kept in the address. */
function useListAddress() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const keyword = params.get('q') ?? '';
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  const search = (value: string) => setParams(value.trim() ? { q: value.trim() } : {});
  return { page, keyword, hrefFor, search };
}

function SearchForm({ label, keyword, onSearch }: { label: string; keyword: string; onSearch: (value: string) => void }) {
  const [value, setValue] = useState(keyword);
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <form
        aria-label={label}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(value);
        }}
      >
        <Field
          label={label}
          type="search"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={SUPPORT_KEYWORD_MAX_LENGTH}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        <Button type="submit">Search</Button>
        {keyword ? (
          <Button
            variant="secondary"
            onClick={() => {
              setValue('');
              onSearch('');
            }}
          >
            Show all
          </Button>
        ) : null}
      </form>
    </div>
  );
}

/** A labelled multi-line text, its error announced and tied to it. */
export function TextArea({
  label,
  name,
  defaultValue,
  maxLength,
  rows = 5,
  error,
  hint,
}: {
  label: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`w-full rounded-md border bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-gray-900 ${
          error ? 'border-red-600' : 'border-gray-300'
        }`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Sends a checked request; answers null when saved, or what went wrong (per field, or in one line). */
async function save(path: string, data: unknown): Promise<{ fields: Record<string, string>; refusal: string | null } | null> {
  const answer: Answer = await staffApi.post(path, data, { silent: true }).catch(failed);
  if (answer.code === CODE_OK) return null;
  return { fields: fieldsOf(answer) ?? {}, refusal: answer.msg };
}

function FormFrame({
  titleId,
  title,
  busy,
  submit,
  errors,
  refusal,
  onSubmit,
  onCancel,
  children,
}: {
  titleId: string;
  title: string;
  busy: boolean;
  submit: string;
  errors: Record<string, string>;
  refusal: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const heading = useFocusOnOpen();
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="rounded-lg border border-gray-900 bg-white p-4">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">{children}</div>
      {refusal ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Please correct the fields marked above.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Asks before a delete, naming what goes; the focus moves to the question. */
function ConfirmDelete({
  what,
  path,
  id,
  onCancel,
  onDone,
}: {
  what: string;
  path: string;
  id: number;
  onCancel: () => void;
  onDone: () => void;
}) {
  const heading = useFocusOnOpen();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <section aria-labelledby="delete-title" className="rounded-lg border border-red-700 bg-white p-4">
      <h2 id="delete-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        Delete {what}?
      </h2>
      <p className="mt-1 text-sm text-gray-700">It is gone for every agent at once; this cannot be undone.</p>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          busy={busy}
          onClick={async () => {
            setBusy(true);
            const problem = await save(path, { id });
            setBusy(false);
            if (problem) setRefusal(problem.refusal);
            else onDone();
          }}
        >
          Delete
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep it
        </Button>
      </div>
    </section>
  );
}

function Notice({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
      {text}
    </p>
  ) : null;
}

function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={`px-3 py-2 font-medium ${className ?? ''}`}>
      {children}
    </th>
  );
}

// ---------------------------------------------------------------- quick replies

/** /office/quick-replies: own replies for every agent; shared ones are the administrators' (chat.configure). */
export function QuickRepliesPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'chat.answer');
  const mayShare = roleMay(staff.role, 'chat.configure');
  const { page, keyword, hrefFor, search } = useListAddress();
  const query = { page, page_size: PAGE_SIZE, keyword: keyword || undefined };
  const { load, reload, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<List<TQuickReply>>(SupportPaths.quickReplyList, { query, silent: true }),
  );
  const [panel, setPanel] = useState<Panel<TQuickReply> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!allowed) return <NotAllowed what="the chat's quick replies" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const open = (next: Panel<TQuickReply>) => {
    setNotice(null);
    setPanel(next);
  };
  const finished = (text: string) => {
    setPanel(null);
    setNotice(text);
    reload();
  };

  return (
    <section aria-labelledby="quick-replies-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quick-replies-title" className="text-2xl font-semibold text-gray-900">
          Quick replies
        </h1>
        <Button onClick={() => open({ kind: 'add' })}>New quick reply</Button>
      </div>
      <p className="text-sm text-gray-700">
        Agents pick these in the chat console. Your own replies are yours alone;{' '}
        {mayShare ? 'shared ones are offered to every agent.' : 'shared ones are set by administrators.'}
      </p>
      <SearchForm label="Search titles and texts" keyword={keyword} onSearch={search} />
      <Notice text={notice} />
      {panel?.kind === 'add' || panel?.kind === 'edit' ? (
        <QuickReplyForm
          key={panel.kind === 'edit' ? panel.item.id : 'new'}
          reply={panel.kind === 'edit' ? panel.item : null}
          mayShare={mayShare}
          onCancel={() => setPanel(null)}
          onSaved={(text) => finished(text)}
        />
      ) : null}
      {panel?.kind === 'delete' ? (
        <ConfirmDelete
          key={panel.item.id}
          what={`the quick reply “${quickReplyLabel(panel.item)}”`}
          path={SupportPaths.quickReplyDelete}
          id={panel.item.id}
          onCancel={() => setPanel(null)}
          onDone={() => finished(`The quick reply “${quickReplyLabel(panel.item)}” was deleted.`)}
        />
      ) : null}
      <ScrollBox label="Quick replies" className="rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Quick replies{list ? `, ${list.total} in all, page ${page}` : ''}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <Th>Title</Th>
              <Th>Reply</Th>
              <Th>Who sees it</Th>
              <Th className="text-right">Order</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={5}
            loading="Loading quick replies…"
            failed="The quick replies could not be loaded."
            empty={keyword ? `No quick reply holds “${keyword}”.` : 'No quick replies yet: add the answers agents give most.'}
            retry={retry}
          >
            {rows.map((reply) => {
              const changeable = !reply.shared || mayShare;
              return (
                <tr key={reply.id} className="border-b border-gray-100 align-top last:border-0" data-quick-reply={reply.id}>
                  <td className="px-3 py-2 font-medium text-gray-900">{reply.title || '—'}</td>
                  <td className="max-w-md px-3 py-2 whitespace-pre-wrap text-gray-800">{reply.content}</td>
                  <td className="px-3 py-2">{reply.shared ? 'Every agent' : 'Only you'}</td>
                  <td className="px-3 py-2 text-right">{reply.sort}</td>
                  <td className="px-3 py-2">
                    {changeable ? (
                      <div className="flex gap-2">
                        <Button
                          variant="secondary"
                          className="px-3"
                          aria-label={`Edit ${quickReplyLabel(reply)}`}
                          onClick={() => open({ kind: 'edit', item: reply })}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="secondary"
                          className="px-3"
                          aria-label={`Delete ${quickReplyLabel(reply)}`}
                          onClick={() => open({ kind: 'delete', item: reply })}
                        >
                          Delete
                        </Button>
                      </div>
                    ) : (
                      <span className="text-gray-600">Set by administrators</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={list ? Math.ceil(list.total / PAGE_SIZE) : 0} hrefFor={hrefFor} />
    </section>
  );
}

function QuickReplyForm({
  reply,
  mayShare,
  onCancel,
  onSaved,
}: {
  reply: TQuickReply | null;
  mayShare: boolean;
  onCancel: () => void;
  onSaved: (text: string) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const sort = String(data.get('sort') ?? '').trim();
    const input = {
      ...(reply ? { id: reply.id } : {}),
      title: String(data.get('title') ?? ''),
      content: String(data.get('content') ?? ''),
      sort: sort === '' ? 0 : Number(sort),
      ...(mayShare ? { shared: data.get('shared') !== null } : {}),
    };
    const { ZQuickReplyAddRequest, ZQuickReplyEditRequest } = await import('../../components/office/office-rules');
    const parsed = reply ? ZQuickReplyEditRequest.safeParse(input) : ZQuickReplyAddRequest.safeParse(input);
    setRefusal(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const problem = await save(reply ? SupportPaths.quickReplyEdit : SupportPaths.quickReplyAdd, parsed.data);
    setBusy(false);
    if (!problem) return onSaved(reply ? 'The quick reply was saved.' : 'The quick reply was added.');
    setErrors(problem.fields);
    setRefusal(problem.refusal);
  };

  return (
    <FormFrame
      titleId="quick-reply-form-title"
      title={reply ? `Edit ${quickReplyLabel(reply)}` : 'New quick reply'}
      submit={reply ? 'Save changes' : 'Add quick reply'}
      busy={busy}
      errors={errors}
      refusal={refusal}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <Field
        label="Title (optional)"
        name="title"
        defaultValue={reply?.title ?? ''}
        maxLength={QUICK_REPLY_TITLE_MAX_LENGTH}
        error={errors.title}
      />
      <Field
        label="Order (lower comes first)"
        name="sort"
        type="number"
        step={1}
        defaultValue={reply?.sort ?? 0}
        error={errors.sort}
      />
      <TextArea
        label="Reply"
        name="content"
        defaultValue={reply?.content ?? ''}
        maxLength={QUICK_REPLY_CONTENT_MAX_LENGTH}
        error={errors.content}
        hint="Sent as written; Markdown and line breaks are kept."
      />
      {mayShare ? (
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" name="shared" defaultChecked={reply?.shared ?? false} className="size-5" />
          Shared with every agent
        </label>
      ) : null}
    </FormFrame>
  );
}

// ---------------------------------------------------------------- knowledge base

const entryName = (entry: TKbEntry) => entry.questions[0] ?? `entry ${entry.id}`;

/** /office/knowledge-base: every agent reads it; administrators (chat.configure) change it. */
export function KnowledgeBasePage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'chat.answer');
  const mayEdit = roleMay(staff.role, 'chat.configure');
  const { page, keyword, hrefFor, search } = useListAddress();
  const query = { page, page_size: PAGE_SIZE, keyword: keyword || undefined };
  const { load, reload, retry } = useLoad(allowed ? JSON.stringify(query) : null, () =>
    staffApi.get<List<TKbEntry>>(SupportPaths.kbList, { query, silent: true }),
  );
  const [panel, setPanel] = useState<Panel<TKbEntry> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (!allowed) return <NotAllowed what="the chat's knowledge base" />;
  const list = load.status === 'ready' ? load.value : null;
  const rows = list?.data ?? [];
  const open = (next: Panel<TKbEntry>) => {
    setNotice(null);
    setPanel(next);
  };
  const finished = (text: string) => {
    setPanel(null);
    setNotice(text);
    reload();
  };
  const columns = mayEdit ? 4 : 3;

  return (
    <section aria-labelledby="kb-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="kb-title" className="text-2xl font-semibold text-gray-900">
          Knowledge base
        </h1>
        {mayEdit ? <Button onClick={() => open({ kind: 'add' })}>New entry</Button> : null}
      </div>
      <p className="text-sm text-gray-700">
        When no agent is online, the chat answers a visitor's question with the enabled entry that matches it best. Agents also
        find these answers in the console.{mayEdit ? '' : ' Administrators change them.'}
      </p>
      <SearchForm label="Search questions and answers" keyword={keyword} onSearch={search} />
      <Notice text={notice} />
      {panel?.kind === 'add' || panel?.kind === 'edit' ? (
        <KbForm
          key={panel.kind === 'edit' ? panel.item.id : 'new'}
          entry={panel.kind === 'edit' ? panel.item : null}
          onCancel={() => setPanel(null)}
          onSaved={(text) => finished(text)}
        />
      ) : null}
      {panel?.kind === 'delete' ? (
        <ConfirmDelete
          key={panel.item.id}
          what={`the entry “${entryName(panel.item)}”`}
          path={SupportPaths.kbDelete}
          id={panel.item.id}
          onCancel={() => setPanel(null)}
          onDone={() => finished(`The entry “${entryName(panel.item)}” was deleted.`)}
        />
      ) : null}
      <ScrollBox label="Knowledge-base entries" className="rounded-lg border border-gray-200 bg-white">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Knowledge-base entries{list ? `, ${list.total} in all, page ${page}` : ''}</caption>
          <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
            <tr>
              <Th>Questions</Th>
              <Th>Answer</Th>
              <Th>Answers visitors</Th>
              {mayEdit ? <Th>Actions</Th> : null}
            </tr>
          </thead>
          <TableBody
            status={load.status}
            count={rows.length}
            columns={columns}
            loading="Loading the knowledge base…"
            failed="The knowledge base could not be loaded."
            empty={keyword ? `No entry holds “${keyword}”.` : 'The knowledge base is empty.'}
            retry={retry}
          >
            {rows.map((entry) => (
              <tr key={entry.id} className="border-b border-gray-100 align-top last:border-0" data-kb-entry={entry.id}>
                <td className="px-3 py-2">
                  <ul className="flex flex-col gap-1 text-gray-900">
                    {entry.questions.map((question) => (
                      <li key={question}>{question}</li>
                    ))}
                  </ul>
                </td>
                <td className="max-w-md px-3 py-2 whitespace-pre-wrap text-gray-800">{entry.answer}</td>
                <td className="px-3 py-2">{entry.enabled ? 'Yes' : 'No (disabled)'}</td>
                {mayEdit ? (
                  <td className="px-3 py-2">
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        className="px-3"
                        aria-label={`Edit ${entryName(entry)}`}
                        onClick={() => open({ kind: 'edit', item: entry })}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-3"
                        aria-label={`Delete ${entryName(entry)}`}
                        onClick={() => open({ kind: 'delete', item: entry })}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </TableBody>
        </table>
      </ScrollBox>
      <Pagination page={page} pages={list ? Math.ceil(list.total / PAGE_SIZE) : 0} hrefFor={hrefFor} />
    </section>
  );
}

function KbForm({ entry, onCancel, onSaved }: { entry: TKbEntry | null; onCancel: () => void; onSaved: (text: string) => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      ...(entry ? { id: entry.id } : {}),
      questions: String(data.get('questions') ?? '')
        .split('\n')
        .filter((line) => line.trim() !== ''),
      answer: String(data.get('answer') ?? ''),
      enabled: data.get('enabled') !== null,
    };
    const { ZKbAddRequest, ZKbEditRequest } = await import('../../components/office/office-rules');
    const parsed = entry ? ZKbEditRequest.safeParse(input) : ZKbAddRequest.safeParse(input);
    setRefusal(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const problem = await save(entry ? SupportPaths.kbEdit : SupportPaths.kbAdd, parsed.data);
    setBusy(false);
    if (!problem) return onSaved(entry ? 'The entry was saved.' : 'The entry was added.');
    setErrors(problem.fields);
    setRefusal(problem.refusal);
  };

  return (
    <FormFrame
      titleId="kb-form-title"
      title={entry ? `Edit ${entryName(entry)}` : 'New knowledge-base entry'}
      submit={entry ? 'Save changes' : 'Add entry'}
      busy={busy}
      errors={errors}
      refusal={refusal}
      onSubmit={onSubmit}
      onCancel={onCancel}
    >
      <TextArea
        label="Questions, one a line"
        name="questions"
        rows={4}
        defaultValue={entry?.questions.join('\n') ?? ''}
        maxLength={4200}
        error={errors.questions}
        hint="The ways a visitor may ask it; up to 20."
      />
      <TextArea
        label="Answer"
        name="answer"
        defaultValue={entry?.answer ?? ''}
        maxLength={KB_ANSWER_MAX_LENGTH}
        error={errors.answer}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" name="enabled" defaultChecked={entry?.enabled ?? true} className="size-5" />
        Answers visitors when no agent is online
      </label>
    </FormFrame>
  );
}
