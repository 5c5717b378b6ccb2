import { CODE_OK } from '@shop/contracts';
import { CUSTOMER_NOTE_MAX, CustomerMessages, CustomerPaths, customerPath } from '@shop/contracts/customer-rules';
import type { TAdminCustomerNotes } from '@shop/contracts/customers';
import { type FormEvent, useState } from 'react';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { dateTime } from '../../components/office/date-time';
import { type Outcome, OutcomeLine } from '../../components/office/form-frame';
import { TextArea } from '../../components/office/text-area';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { Failed } from './profile-parts';

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
