import type { TKbEntry } from '@shop/contracts/chat-support';
import { KB_ANSWER_MAX_LENGTH, SupportPaths } from '@shop/contracts/chat-support-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type Columns, DataTable } from '../../components/office/data-table';
import { TextArea } from '../../components/office/text-area';
import { NotAllowed, useOfficeStaff } from '../office';
import { SupportEditor } from './support-editor';
import { RowActions, type SupportList, SupportListPage, useSupportList } from './support-list';

const entryName = (entry: TKbEntry) => entry.questions[0] ?? `entry ${entry.id}`;

/**
 * /office/knowledge-base: every agent reads it; administrators (chat.configure) change it. On the
 * staff API the chat console uses (`/admin/kefu/kbs/*`, decision 0046).
 */
export function KnowledgeBasePage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'chat.answer');
  const mayEdit = roleMay(staff.role, 'chat.configure');
  const list = useSupportList<TKbEntry>(allowed, SupportPaths.kbList);

  if (!allowed) return <NotAllowed what="the chat's knowledge base" />;
  return (
    <SupportListPage
      list={list}
      titleId="kb-title"
      title="Knowledge base"
      add={mayEdit ? 'New entry' : null}
      intro={`When no agent is online, the chat answers a visitor's question with the enabled entry that matches it best. Agents also find these answers in the console.${mayEdit ? '' : ' Administrators change them.'}`}
      searchLabel="Search questions and answers"
      noun="entry"
      nameOf={entryName}
      deletePath={SupportPaths.kbDelete}
      editor={(entry) => <KbForm key={entry?.id ?? 'new'} entry={entry} onCancel={list.close} onSaved={list.finished} />}
    >
      <KbTable list={list} mayEdit={mayEdit} />
    </SupportListPage>
  );
}

function KbTable({ list, mayEdit }: { list: SupportList<TKbEntry>; mayEdit: boolean }) {
  const columns: Columns<TKbEntry> = [
    {
      header: 'Questions',
      cell: (entry) => (
        <ul className="flex flex-col gap-1 text-gray-900">
          {entry.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ul>
      ),
    },
    { header: 'Answer', cell: (entry) => entry.answer, className: 'max-w-md whitespace-pre-wrap text-gray-800' },
    { header: 'Answers visitors', cell: (entry) => (entry.enabled ? 'Yes' : 'No (disabled)') },
    mayEdit && {
      header: 'Actions',
      cell: (entry) => (
        <RowActions
          name={entryName(entry)}
          onEdit={() => list.open({ kind: 'edit', item: entry })}
          onDelete={() => list.open({ kind: 'delete', item: entry })}
        />
      ),
    },
  ];
  return (
    <DataTable
      label="Knowledge-base entries"
      caption={`Knowledge-base entries${list.list ? `, ${list.list.total} in all, page ${list.page}` : ''}`}
      className="rounded-lg border border-gray-200 bg-white"
      minWidth="min-w-[640px]"
      columns={columns}
      rows={list.rows}
      rowKey={(entry) => entry.id}
      rowProps={(entry) => ({ className: 'border-b border-gray-100 align-top last:border-0', 'data-kb-entry': entry.id })}
      state={{
        status: list.load.status,
        loading: 'Loading the knowledge base…',
        failed: 'The knowledge base could not be loaded.',
        empty: list.keyword ? `No entry holds “${list.keyword}”.` : 'The knowledge base is empty.',
        retry: list.retry,
      }}
    />
  );
}

function KbForm({ entry, onCancel, onSaved }: { entry: TKbEntry | null; onCancel: () => void; onSaved: (text: string) => void }) {
  const check = async (data: FormData) => {
    const input = {
      ...(entry ? { id: entry.id } : {}),
      questions: String(data.get('questions') ?? '')
        .split('\n')
        .filter((line) => line.trim() !== ''),
      answer: String(data.get('answer') ?? ''),
      enabled: data.get('enabled') !== null,
    };
    const { ZKbAddRequest, ZKbEditRequest } = await import('../../components/office/office-rules');
    return entry ? ZKbEditRequest.safeParse(input) : ZKbAddRequest.safeParse(input);
  };
  return (
    <SupportEditor
      titleId="kb-form-title"
      title={entry ? `Edit ${entryName(entry)}` : 'New knowledge-base entry'}
      submit={entry ? 'Save changes' : 'Add entry'}
      path={entry ? SupportPaths.kbEdit : SupportPaths.kbAdd}
      saved={entry ? 'The entry was saved.' : 'The entry was added.'}
      check={check}
      onCancel={onCancel}
      onSaved={onSaved}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </SupportEditor>
  );
}
