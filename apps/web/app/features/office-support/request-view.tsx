import { CODE_OK } from '@shop/contracts';
import type { THelpRequestAssignee, THelpRequestDetail } from '@shop/contracts/help-requests';
import {
  fileSizeLabel,
  HELP_REQUEST_KIND_LABELS,
  HELP_REQUEST_LIMITS,
  HELP_REQUEST_STATUS_LABELS,
  HelpRequestPaths,
} from '@shop/contracts/help-requests-rules';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { dateTime } from '../../components/office/date-time';
import type { Outcome } from '../../components/office/form-frame';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { isCancelled, saveFile } from '../../lib/api';
import { staffApi } from '../chat-console';
import { OFFICE_PATH } from '../office';

type Move = 'assign' | 'answer' | 'close';

const MOVE_PATHS: Record<Move, string> = {
  assign: HelpRequestPaths.staffAssign,
  answer: HelpRequestPaths.staffAnswer,
  close: HelpRequestPaths.staffClose,
};

/**
 * Downloads a request's file through the staff's API client (the staff token goes in a header, so a
 * plain link could not) and saves it under the name it was sent with.
 */
async function download(requestId: number, file: { id: number; name: string }) {
  const answer = await staffApi.file(HelpRequestPaths.staffFile(requestId, file.id), { silent: true }).catch((error: unknown) => {
    // a second click on the same file: the newest download goes on
    if (isCancelled(error)) return null;
    throw error;
  });
  if (answer === null) return;
  if (answer.code !== CODE_OK || !answer.result) throw new Error('The file could not be downloaded');
  saveFile(answer.result.blob, file.name);
}

/**
 * The moves on a request (assign, answer, close): which one runs, and the server's word on the
 * last one. A move the server took shows the request it answered; a sent answer empties its box.
 */
function useRequestMoves(request: THelpRequestDetail, onChange: (next: THelpRequestDetail) => void) {
  const [busy, setBusy] = useState<Move | null>(null);
  const [notice, setNotice] = useState<Outcome>(null);
  const [answer, setAnswer] = useState('');
  const act = async (what: Move, payload: Record<string, unknown>) => {
    setBusy(what);
    setNotice(null);
    const result = await staffApi
      .post<THelpRequestDetail>(MOVE_PATHS[what], { id: request.id, ...payload }, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved', result: null }));
    setBusy(null);
    setNotice({ ok: result.code === CODE_OK, text: result.msg });
    if (result.code === CODE_OK && result.result) {
      if (what === 'answer') setAnswer('');
      onChange(result.result);
    }
  };
  return { busy, notice, setNotice, answer, setAnswer, act };
}

/** Who sent the request, how to reach them, when, and who holds it. */
function RequestFacts({ request }: { request: THelpRequestDetail }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-sm text-gray-700">Status</dt>
      <dd className="text-gray-900">{HELP_REQUEST_STATUS_LABELS[request.status]}</dd>
      <dt className="text-sm text-gray-700">From</dt>
      <dd className="text-gray-900">{request.name || 'An erased account'}</dd>
      <dt className="text-sm text-gray-700">E-mail</dt>
      <dd className="break-all text-gray-900">{request.email || '—'}</dd>
      <dt className="text-sm text-gray-700">Phone</dt>
      <dd className="text-gray-900">{request.phone || '—'}</dd>
      {request.kind === 'wholesale' ? (
        <>
          <dt className="text-sm text-gray-700">Company</dt>
          <dd className="text-gray-900">{request.company}</dd>
        </>
      ) : null}
      <dt className="text-sm text-gray-700">Sent</dt>
      <dd className="text-gray-900">
        {dateTime(request.created_at)}
        {request.user_id ? (
          <>
            {' '}
            by{' '}
            <Link to={`${OFFICE_PATH}/customers/${request.user_id}`} className="underline underline-offset-4">
              customer {request.user_id}
            </Link>
          </>
        ) : (
          ' by a guest'
        )}
      </dd>
      <dt className="text-sm text-gray-700">Assigned to</dt>
      <dd className="text-gray-900">{request.assignee_name ?? 'Nobody'}</dd>
    </dl>
  );
}

/** What the requester wrote, and their files to download. */
function RequestDescription({
  request,
  formId,
  onFailure,
}: {
  request: THelpRequestDetail;
  formId: string;
  onFailure: (message: string) => void;
}) {
  return (
    <section aria-labelledby={`${formId}-description`} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${formId}-description`} className="text-lg font-semibold text-gray-900">
        Description
      </h2>
      <p className="mt-2 whitespace-pre-wrap break-words text-gray-800">{request.description}</p>
      <h3 className="mt-4 font-semibold text-gray-900">Files</h3>
      {request.file_list.length === 0 ? (
        <p className="mt-1 text-gray-700">No file attached.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-2">
          {request.file_list.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2">
              <Button
                variant="secondary"
                onClick={() => void download(request.id, file).catch((failure: Error) => onFailure(failure.message))}
              >
                Download {file.name}
              </Button>
              <span className="text-sm text-gray-700">
                {file.mime}, {fileSizeLabel(file.size)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The answer already e-mailed, by whom and when. */
function AnswerSent({ request, formId }: { request: THelpRequestDetail; formId: string }) {
  return (
    <section aria-labelledby={`${formId}-answer-title`} className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${formId}-answer-title`} className="text-lg font-semibold text-gray-900">
        Answer sent
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {request.answered_by ?? 'Staff'}, {request.answered_at ? dateTime(request.answered_at) : ''}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words text-gray-800">{request.answer}</p>
    </section>
  );
}

/** The forms of an open request: give it to a member of staff, answer it by e-mail, close it. */
function RequestMoves({
  request,
  assignees,
  formId,
  moves,
}: {
  request: THelpRequestDetail;
  assignees: THelpRequestAssignee[];
  formId: string;
  moves: ReturnType<typeof useRequestMoves>;
}) {
  const [holder, setHolder] = useState(request.assignee_id === null ? '' : String(request.assignee_id));
  const [reason, setReason] = useState('');
  const { answer, setAnswer } = moves;
  return (
    <>
      <form
        aria-label="Assign the request"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void moves.act('assign', { staff_id: holder ? Number(holder) : null });
        }}
      >
        <SelectField label="Assign to" value={holder} onChange={(event) => setHolder(event.target.value)} className="min-w-56">
          <option value="">Nobody</option>
          {assignees.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.nickname}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" busy={moves.busy === 'assign'}>
          Assign
        </Button>
      </form>
      <form
        aria-labelledby={`${formId}-reply`}
        className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void moves.act('answer', { answer });
        }}
      >
        <h2 id={`${formId}-reply`} className="text-lg font-semibold text-gray-900">
          {request.answer ? 'Answer again' : 'Answer'}
        </h2>
        <label htmlFor={`${formId}-answer`} className="text-sm font-medium text-gray-800">
          The answer, e-mailed to {request.email || 'the requester'}
        </label>
        <textarea
          id={`${formId}-answer`}
          rows={6}
          required
          maxLength={HELP_REQUEST_LIMITS.answer}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
          className="w-full rounded-md border border-gray-400 bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
        />
        <div>
          <Button type="submit" busy={moves.busy === 'answer'} disabled={!answer.trim() || !request.email}>
            Send the answer
          </Button>
        </div>
      </form>
      <form
        aria-label="Close the request"
        className="flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void moves.act('close', { reason });
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-gray-800">
          Reason for closing (optional)
          <input
            value={reason}
            maxLength={HELP_REQUEST_LIMITS.reason}
            onChange={(event) => setReason(event.target.value)}
            className="min-h-11 rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900"
          />
        </label>
        <Button type="submit" variant="secondary" busy={moves.busy === 'close'}>
          Close the request
        </Button>
      </form>
    </>
  );
}

/** One request in full, with what staff may do with it while it is open. */
export function RequestView({
  request,
  assignees,
  onChange,
}: {
  request: THelpRequestDetail;
  assignees: THelpRequestAssignee[];
  onChange: (next: THelpRequestDetail) => void;
}) {
  const formId = useId();
  const moves = useRequestMoves(request, onChange);
  const { notice } = moves;
  return (
    <>
      <h1 id="request-title" className="text-2xl font-semibold text-gray-900">
        Request #{request.id}: {HELP_REQUEST_KIND_LABELS[request.kind]}
      </h1>
      <RequestFacts request={request} />
      <RequestDescription request={request} formId={formId} onFailure={(text) => moves.setNotice({ ok: false, text })} />
      {request.answer ? <AnswerSent request={request} formId={formId} /> : null}
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'text-green-800' : 'text-red-800'}>
          {notice.text}
        </p>
      ) : null}
      {request.status === 'closed' ? (
        <p className="text-gray-700">This request is closed{request.closed_at ? ` since ${dateTime(request.closed_at)}` : ''}.</p>
      ) : (
        <RequestMoves request={request} assignees={assignees} formId={formId} moves={moves} />
      )}
    </>
  );
}
