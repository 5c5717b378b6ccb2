import { CustomerMessages, CustomerPaths, customerPath } from '@shop/contracts/customer-rules';
import type { TAdminCustomerChats, TAdminCustomerTranscript } from '@shop/contracts/customers';
import { useState } from 'react';
import { dateTime } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { Failed } from './profile-parts';

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

/** One conversation's messages, read-only, in the order they were sent. */
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
