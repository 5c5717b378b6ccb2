import { CODE_OK } from '@shop/contracts';
import { CUSTOMER_NOTE_MAX, CustomerMessages, CustomerPaths, customerPath } from '@shop/contracts/customer-rules';
import type {
  TAdminCustomerChats,
  TAdminCustomerNotes,
  TAdminCustomerReturn,
  TAdminCustomerTranscript,
} from '@shop/contracts/customers';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { dateTime, day } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { ActionDialog, RETURNS_PATH } from '../office-orders';
import { TextArea } from '../office-support';

const cell = 'px-3 py-2';
const headCell = 'px-3 py-2 font-medium';

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-green-800' : 'text-sm text-red-800'}>
      {outcome.text}
    </p>
  );
}

function Failed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="text-sm">
      <p role="alert" className="text-red-800">
        {what} could not be loaded.
      </p>
      <Button variant="secondary" onClick={retry} className="mt-2">
        Try again
      </Button>
    </div>
  );
}

/** The shopper's return requests, newest first, each opening its page in Returns. */
export function CustomerReturns({ returns }: { returns: TAdminCustomerReturn[] }) {
  if (returns.length === 0) return <p className="text-sm text-gray-600">No return requests.</p>;
  return (
    <ScrollBox label="Return requests, newest first" className="rounded-md border border-gray-200">
      <table className="w-full min-w-[600px] text-left text-sm">
        <caption className="sr-only">Return requests, newest first</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className={headCell}>
              Request
            </th>
            <th scope="col" className={headCell}>
              Order
            </th>
            <th scope="col" className={headCell}>
              Kind
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Amount
            </th>
            <th scope="col" className={headCell}>
              Asked
            </th>
          </tr>
        </thead>
        <tbody>
          {returns.map((row) => (
            <tr key={row.id} className="border-b border-gray-100 last:border-0">
              <td className={cell}>
                <Link
                  to={`${RETURNS_PATH}/${row.id}`}
                  className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600"
                >
                  {row.return_no}
                </Link>
              </td>
              <td className={`${cell} whitespace-nowrap`}>{row.order_no}</td>
              <td className={cell}>{row.kind}</td>
              <td className={`${cell} whitespace-nowrap`}>{row.status}</td>
              <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(row.amount)}</td>
              <td className={`${cell} whitespace-nowrap text-gray-700`}>{day(row.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The shopper's conversations with the support desk; one opens below the list, read-only. */
export function CustomerChats({ userId }: { userId: number }) {
  const { load, retry } = useLoad(`customer-chats-${userId}`, () =>
    staffApi.get<TAdminCustomerChats>(customerPath(CustomerPaths.chats, userId), { silent: true }),
  );
  const [opened, setOpened] = useState<number | null>(null);
  if (load.status === 'loading' || load.status === 'missing') {
    return (
      <p className="text-sm text-gray-600" role="status">
        Loading the conversations…
      </p>
    );
  }
  if (load.status === 'failed') return <Failed what="The conversations" retry={retry} />;
  const chats = load.value.data;
  if (chats.length === 0) return <p className="text-sm text-gray-600">No conversations with the support desk.</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-gray-100 rounded-md border border-gray-200">
        {chats.map((chat) => (
          <li key={chat.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="text-gray-900">
                <span className="font-medium">{dateTime(chat.created_at)}</span> · {chat.agent || 'No agent'} ·{' '}
                <span className="capitalize">{chat.state}</span> · {chat.messages} messages
              </p>
              <p className="truncate text-gray-700">{chat.preview || '—'}</p>
            </div>
            <Button
              variant="secondary"
              aria-expanded={opened === chat.id}
              aria-controls="customer-transcript"
              onClick={() => setOpened(opened === chat.id ? null : chat.id)}
            >
              {opened === chat.id ? 'Close' : 'Read'}
              <span className="sr-only"> the conversation of {dateTime(chat.created_at)}</span>
            </Button>
          </li>
        ))}
      </ul>
      {opened === null ? null : <Transcript userId={userId} sessionId={opened} />}
    </div>
  );
}

function Transcript({ userId, sessionId }: { userId: number; sessionId: number }) {
  const { load, retry } = useLoad(`customer-chat-${userId}-${sessionId}`, () =>
    staffApi.get<TAdminCustomerTranscript>(customerPath(CustomerPaths.chat, userId, sessionId), { silent: true }),
  );
  return (
    <section
      id="customer-transcript"
      aria-label="Conversation transcript"
      className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm"
    >
      {load.status === 'loading' ? (
        <p role="status" className="text-gray-600">
          Loading the conversation…
        </p>
      ) : load.status === 'failed' ? (
        <Failed what="The conversation" retry={retry} />
      ) : load.status === 'missing' ? (
        <p className="text-gray-700">{CustomerMessages.chatNotFound}.</p>
      ) : (
        <>
          <h3 className="mb-2 font-semibold text-gray-900">
            Conversation of {dateTime(load.value.created_at)} with {load.value.agent || 'no agent'}
          </h3>
          {load.value.lines.length === 0 ? (
            <p className="text-gray-600">No messages.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {load.value.lines.map((line) => (
                <li key={line.seq} className="rounded-md bg-white p-2">
                  <p className="text-xs text-gray-600">
                    {line.sender === 'tourist' ? 'Shopper' : line.sender === 'csr' ? 'Agent' : 'System'} ·{' '}
                    {dateTime(line.created_at)}
                  </p>
                  <p className="whitespace-pre-wrap break-words text-gray-900">{line.text}</p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

/** The staff's private notes about the customer: newest first, added by any reader, deleted by their author. */
export function CustomerNotes({ userId }: { userId: number }) {
  const { load, retry, set } = useLoad(`customer-notes-${userId}`, () =>
    staffApi.get<TAdminCustomerNotes>(customerPath(CustomerPaths.notes, userId), { silent: true }),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get('body') ?? '').trim();
    setOutcome(null);
    if (body === '') return setError(CustomerMessages.noteEmpty);
    if (body.length > CUSTOMER_NOTE_MAX) return setError(CustomerMessages.noteTooLong);
    setError(undefined);
    setBusy(true);
    const answer: Answer = await staffApi
      .post(customerPath(CustomerPaths.notes, userId), { body }, { silent: true })
      .catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      set(answer.result as TAdminCustomerNotes);
      setOutcome({ ok: true, text: CustomerMessages.noteAdded });
      form.reset();
    } else {
      setOutcome({ ok: false, text: refusalText(answer) });
    }
  };

  const remove = async (noteId: number) => {
    setOutcome(null);
    const answer: Answer = await staffApi
      .post(customerPath(CustomerPaths.noteDelete, userId), { note_id: noteId }, { silent: true })
      .catch(failed);
    if (answer.code === CODE_OK) {
      set(answer.result as TAdminCustomerNotes);
      setOutcome({ ok: true, text: CustomerMessages.noteDeleted });
    } else {
      setOutcome({ ok: false, text: refusalText(answer) });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={onSubmit} noValidate aria-label="Add a note" className="flex flex-col gap-2">
        <TextArea
          label="New note (only staff see it)"
          name="body"
          defaultValue=""
          maxLength={CUSTOMER_NOTE_MAX}
          rows={3}
          error={error}
        />
        <div>
          <Button type="submit" busy={busy}>
            Add note
          </Button>
        </div>
        <OutcomeLine outcome={outcome} />
      </form>
      {load.status === 'loading' || load.status === 'missing' ? (
        <p className="text-sm text-gray-600" role="status">
          Loading the notes…
        </p>
      ) : load.status === 'failed' ? (
        <Failed what="The notes" retry={retry} />
      ) : load.value.data.length === 0 ? (
        <p className="text-sm text-gray-600">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Notes, newest first">
          {load.value.data.map((note) => (
            <li key={note.id} className="rounded-md border border-gray-200 p-3 text-sm">
              <p className="whitespace-pre-wrap break-words text-gray-900">{note.body}</p>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-gray-600">
                  {note.author} · {dateTime(note.created_at)}
                </p>
                {note.mine ? (
                  <Button variant="secondary" onClick={() => remove(note.id)}>
                    Delete<span className="sr-only"> the note of {dateTime(note.created_at)}</span>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Erases the account on the shopper's request (customers.erase), after a confirmation with a reason. */
export function EraseAccount({ userId, email, onErased }: { userId: number; email: string; onErased: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setOutcome(null);
    if (reason === '') return setError(CustomerMessages.reasonEmpty);
    setError(undefined);
    setBusy(true);
    const answer: Answer = await staffApi
      .post(customerPath(CustomerPaths.erase, userId), { reason }, { silent: true })
      .catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      setOpen(false);
      onErased();
    } else {
      setOutcome({ ok: false, text: refusalText(answer) });
    }
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setOutcome(null);
        setError(undefined);
      }}
      trigger={<Button variant="secondary">Erase the account</Button>}
      title="Erase the account"
      description={
        <>
          The account of <span className="break-all">{email}</span> is erased for good: names, addresses, notes and sign-in go;
          orders and returns stay for the books without them. The shopper receives the last e-mail and is signed out.
        </>
      }
      busy={busy}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextArea label="Reason (the shopper's request)" name="reason" defaultValue="" maxLength={500} rows={3} error={error} />
        <OutcomeLine outcome={outcome} />
        <Button type="submit" busy={busy}>
          Erase for good
        </Button>
      </form>
    </ActionDialog>
  );
}
