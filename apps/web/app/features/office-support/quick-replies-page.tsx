import type { TQuickReply } from '@shop/contracts/chat-support';
import { QUICK_REPLY_CONTENT_MAX_LENGTH, QUICK_REPLY_TITLE_MAX_LENGTH, SupportPaths } from '@shop/contracts/chat-support-rules';
import { roleMay } from '@shop/contracts/permissions';
import { type Columns, DataTable } from '../../components/office/data-table';
import { TextArea } from '../../components/office/text-area';
import { Field } from '../../components/ui/field';
import { quickReplyLabel } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { SupportEditor } from './support-editor';
import { RowActions, type SupportList, SupportListPage, useSupportList } from './support-list';

/**
 * /office/quick-replies: own replies for every agent; shared ones are the administrators' (chat.configure).
 * On the staff API the chat console uses (`/admin/kefu/quickReply/*`), so an edit here is what agents
 * pick from in the console (decision 0046).
 */
export function QuickRepliesPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'chat.answer');
  const mayShare = roleMay(staff.role, 'chat.configure');
  const list = useSupportList<TQuickReply>(allowed, SupportPaths.quickReplyList);

  if (!allowed) return <NotAllowed what="the chat's quick replies" />;
  return (
    <SupportListPage
      list={list}
      titleId="quick-replies-title"
      title="Quick replies"
      add="New quick reply"
      intro={
        <>
          Agents pick these in the chat console. Your own replies are yours alone;{' '}
          {mayShare ? 'shared ones are offered to every agent.' : 'shared ones are set by administrators.'}
        </>
      }
      searchLabel="Search titles and texts"
      noun="quick reply"
      nameOf={quickReplyLabel}
      deletePath={SupportPaths.quickReplyDelete}
      editor={(reply) => (
        <QuickReplyForm
          key={reply?.id ?? 'new'}
          reply={reply}
          mayShare={mayShare}
          onCancel={list.close}
          onSaved={list.finished}
        />
      )}
    >
      <QuickRepliesTable list={list} mayShare={mayShare} />
    </SupportListPage>
  );
}

function QuickRepliesTable({ list, mayShare }: { list: SupportList<TQuickReply>; mayShare: boolean }) {
  const columns: Columns<TQuickReply> = [
    { header: 'Title', cell: (reply) => reply.title || '—', className: 'font-medium text-gray-900' },
    { header: 'Reply', cell: (reply) => reply.content, className: 'max-w-md whitespace-pre-wrap text-gray-800' },
    { header: 'Who sees it', cell: (reply) => (reply.shared ? 'Every agent' : 'Only you') },
    { header: 'Order', cell: (reply) => reply.sort, align: 'right' },
    {
      header: 'Actions',
      cell: (reply) =>
        !reply.shared || mayShare ? (
          <RowActions
            name={quickReplyLabel(reply)}
            onEdit={() => list.open({ kind: 'edit', item: reply })}
            onDelete={() => list.open({ kind: 'delete', item: reply })}
          />
        ) : (
          <span className="text-gray-600">Set by administrators</span>
        ),
    },
  ];
  return (
    <DataTable
      label="Quick replies"
      caption={`Quick replies${list.list ? `, ${list.list.total} in all, page ${list.page}` : ''}`}
      className="rounded-lg border border-gray-200 bg-white"
      minWidth="min-w-[640px]"
      columns={columns}
      rows={list.rows}
      rowKey={(reply) => reply.id}
      rowProps={(reply) => ({ className: 'border-b border-gray-100 align-top last:border-0', 'data-quick-reply': reply.id })}
      state={{
        status: list.load.status,
        loading: 'Loading quick replies…',
        failed: 'The quick replies could not be loaded.',
        empty: list.keyword
          ? `No quick reply holds “${list.keyword}”.`
          : 'No quick replies yet: add the answers agents give most.',
        retry: list.retry,
      }}
    />
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
  const check = async (data: FormData) => {
    const sort = String(data.get('sort') ?? '').trim();
    const input = {
      ...(reply ? { id: reply.id } : {}),
      title: String(data.get('title') ?? ''),
      content: String(data.get('content') ?? ''),
      sort: sort === '' ? 0 : Number(sort),
      ...(mayShare ? { shared: data.get('shared') !== null } : {}),
    };
    const { ZQuickReplyAddRequest, ZQuickReplyEditRequest } = await import('../../components/office/office-rules');
    return reply ? ZQuickReplyEditRequest.safeParse(input) : ZQuickReplyAddRequest.safeParse(input);
  };
  return (
    <SupportEditor
      titleId="quick-reply-form-title"
      title={reply ? `Edit ${quickReplyLabel(reply)}` : 'New quick reply'}
      submit={reply ? 'Save changes' : 'Add quick reply'}
      path={reply ? SupportPaths.quickReplyEdit : SupportPaths.quickReplyAdd}
      saved={reply ? 'The quick reply was saved.' : 'The quick reply was added.'}
      check={check}
      onCancel={onCancel}
      onSaved={onSaved}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </SupportEditor>
  );
}
