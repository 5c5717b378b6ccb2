import type { TMessage, TMessageList, TMessageReadRequest } from '@shop/contracts/messages';
import {
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  MESSAGES_PAGE,
  MessageTexts,
  type MessageType,
} from '@shop/contracts/messages-rules';
import { isOk } from '@shop/contracts/response';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Pagination } from '../../components/ui/pagination';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { cx, focusRing } from '../../lib/cx';
import { loadUserInfo } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { EmptyState, formatDay, Loaded, linkClass, PageHeader, pageOf } from '../points';
import { listMessages, markMessagesRead } from './messages-api';
import { unreadLabel } from './unread';

const PAGE_SIZE = 10;
type Filter = MessageType | 'all';

const filterOf = (params: URLSearchParams): Filter => {
  const type = params.get('type');
  return (MESSAGE_TYPES as readonly string[]).includes(type ?? '') ? (type as MessageType) : 'all';
};

/** The address of a page of the inbox: the tab, the unread-only choice and the page number. */
function inboxHref(filter: Filter, unreadOnly: boolean, page = 1): string {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('type', filter);
  if (unreadOnly) query.set('read', '0');
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${MESSAGES_PAGE}?${text}` : MESSAGES_PAGE;
}

/** What a notice's link says, from the page it leads to. */
function linkLabel(link: string): string {
  if (link.startsWith('/ShoppingListMain/OrderDetails')) return 'View order';
  if (link.startsWith('/ShoppingListMain/MyCoupons')) return 'View my coupons';
  if (link.startsWith('/ShoppingListMain/ByFriends')) return 'View my invitations';
  if (link.startsWith('/ShoppingListMain/MyPoints')) return 'View my points';
  return 'View';
}

/**
 * /ShoppingListMain/MyMessage (spec 2; guarded): the shopper's notices, newest first, by type
 * (tabs) and optionally unread only, ten to a page. An unread notice stands out; following its
 * link or "Mark as read" reads it, "Mark all as read" reads them all, and the header's count follows.
 */
export function MyMessagePage() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const filter = filterOf(params);
  const unreadOnly = params.get('read') === '0';
  const inbox = useLoad(`${filter}-${unreadOnly}-${page}`, () =>
    listMessages({
      page,
      page_size: PAGE_SIZE,
      type: filter === 'all' ? undefined : filter,
      read: unreadOnly ? 0 : undefined,
    }),
  );
  const [marking, setMarking] = useState(false);
  const [said, setSaid] = useState('');

  const mark = async (request: TMessageReadRequest) => {
    setMarking(true);
    try {
      const envelope = await markMessagesRead(request);
      if (!isOk(envelope)) return;
      const ids = new Set(request.ids ?? []);
      if (inbox.load.status === 'ready' && !unreadOnly) {
        const current: TMessageList = inbox.load.value;
        inbox.set({
          ...current,
          unread: envelope.result.unread,
          data: current.data.map((notice) => (request.all || ids.has(notice.id) ? { ...notice, read: true } : notice)),
        });
      } else {
        inbox.reload();
      }
      setSaid(request.all ? 'All messages are marked as read.' : 'Marked as read.');
      // the header's count comes with the shopper's info
      void loadUserInfo();
    } catch {
      // the client has said what went wrong
    } finally {
      setMarking(false);
    }
  };

  const choose = (next: string) => {
    setSaid('');
    setParams(new URLSearchParams(inboxHref(next as Filter, unreadOnly).split('?')[1] ?? ''));
  };

  const unread = inbox.load.status === 'ready' ? inbox.load.value.unread : 0;

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader id={headingId} title="My Messages">
        News about your orders, returns, coupons, points and reviews.{' '}
        <Link to="/ShoppingListMain/notifications" className={linkClass}>
          Choose what you receive
        </Link>
      </PageHeader>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700" data-testid="unread-count">
          {inbox.load.status === 'ready' ? (unread === 0 ? 'No unread messages' : unreadLabel(unread)) : '\u00a0'}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-gray-900"
              checked={unreadOnly}
              onChange={(event) => {
                setSaid('');
                setParams(new URLSearchParams(inboxHref(filter, event.target.checked).split('?')[1] ?? ''));
              }}
            />
            Unread only
          </label>
          <Button variant="secondary" disabled={unread === 0} busy={marking} onClick={() => void mark({ all: true })}>
            Mark all as read
          </Button>
        </div>
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>

      <Tabs value={filter} onValueChange={choose} activation="manual">
        <TabList aria-label="Message types" className="flex gap-1 overflow-x-auto border-b border-gray-200">
          {(['all', ...MESSAGE_TYPES] as const).map((value) => (
            <Tab
              key={value}
              value={value}
              className={`min-h-11 shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 text-sm text-gray-700 hover:text-gray-950 ${focusRing} data-[state=active]:border-gray-900 data-[state=active]:font-semibold data-[state=active]:text-gray-950`}
            >
              {value === 'all' ? 'All' : MESSAGE_TYPE_LABELS[value]}
            </Tab>
          ))}
        </TabList>
        <TabPanel value={filter} className={`pt-6 ${focusRing}`}>
          <Loaded load={inbox.load} what="your messages" retry={inbox.retry}>
            {(result) =>
              result.data.length === 0 ? (
                filter === 'all' && !unreadOnly && page === 1 ? (
                  <EmptyState title={MessageTexts.emptyTitle} action={{ to: '/', label: 'Start shopping' }}>
                    {MessageTexts.emptyAll}
                  </EmptyState>
                ) : (
                  <EmptyState title="No messages here" action={{ to: MESSAGES_PAGE, label: 'See all messages' }}>
                    {MessageTexts.emptyFiltered}
                  </EmptyState>
                )
              ) : (
                <>
                  <ul aria-label="Messages" className="space-y-3">
                    {result.data.map((notice) => (
                      <Notice key={notice.id} notice={notice} marking={marking} onRead={() => void mark({ ids: [notice.id] })} />
                    ))}
                  </ul>
                  <Pagination
                    page={page}
                    pages={Math.ceil(result.total / PAGE_SIZE)}
                    hrefFor={(to) => inboxHref(filter, unreadOnly, to)}
                  />
                </>
              )
            }
          </Loaded>
        </TabPanel>
      </Tabs>
    </section>
  );
}

function Notice({ notice, marking, onRead }: { notice: TMessage; marking: boolean; onRead: () => void }) {
  const titleId = useId();
  return (
    <li
      data-read={notice.read}
      className={cx('rounded-lg border p-4', notice.read ? 'border-gray-200 bg-white' : 'border-gray-900 bg-gray-50')}
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-gray-600">
        {notice.read ? null : (
          <span className="inline-flex items-center gap-1 font-semibold text-red-700">
            <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />
            Unread
          </span>
        )}
        <span>{MESSAGE_TYPE_LABELS[notice.type]}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={new Date(notice.created_at).toISOString()}>{formatDay(notice.created_at)}</time>
      </p>
      <h2 id={titleId} className={cx('mt-1 text-base break-words', notice.read ? 'font-medium' : 'font-semibold')}>
        {notice.title}
      </h2>
      <p className="mt-1 text-sm break-words text-gray-700">{notice.content}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
        <Link
          to={notice.link}
          aria-describedby={titleId}
          onClick={notice.read ? undefined : onRead}
          className={cx('inline-flex min-h-11 items-center text-sm', linkClass)}
        >
          {linkLabel(notice.link)}
        </Link>
        {notice.read ? null : (
          <Button variant="link" disabled={marking} aria-describedby={titleId} onClick={onRead}>
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}
