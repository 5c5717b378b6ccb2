import { PointsPages, REFERRAL_STATUS_LABELS } from '@shop/contracts/points-rules';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { EmptyState, formatDay, Loaded, PageHeader, pageOf } from './parts';
import { friends } from './points-api';

const PAGE_SIZE = 20;

const STATUS_STYLES = {
  registered: 'bg-gray-100 text-gray-800',
  ordered: 'bg-amber-100 text-amber-900',
  rewarded: 'bg-green-100 text-green-900',
  not_rewarded: 'bg-gray-100 text-gray-600',
} as const;

/** /ShoppingListMain/MyFriends (spec 2; guarded): the friends who registered with the shopper's code, and where each stands. */
export function MyFriendsPage() {
  const headingId = useId();
  const [params] = useSearchParams();
  const page = pageOf(params);
  const list = useLoad(`friends-${page}`, () => friends(page, PAGE_SIZE));

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader id={headingId} title="My Friends">
        Friends who registered with your invitation code: registered, ordered (waiting for the return window), rewarded.
      </PageHeader>
      <Loaded load={list.load} what="your friends" retry={list.retry}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title="No friends yet" action={{ to: PointsPages.byFriends, label: 'Invite friends' }}>
              Share your invitation link: friends who register with it appear here.
            </EmptyState>
          ) : (
            <>
              <ul aria-label="Invited friends" className="divide-y divide-gray-200 border-y border-gray-200">
                {result.data.map((friend) => (
                  <li key={friend.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                    <div>
                      <p className="text-sm font-medium text-gray-900">{friend.name}</p>
                      <p className="text-xs text-gray-600">
                        Joined {formatDay(friend.joined_at)}
                        {friend.reward_due_at !== null ? ` · reward due ${formatDay(friend.reward_due_at)}` : null}
                        {friend.status === 'rewarded' ? ` · ${friend.points} points earned` : null}
                      </p>
                    </div>
                    <span className={cx('rounded-full px-3 py-1 text-xs font-semibold', STATUS_STYLES[friend.status])}>
                      {REFERRAL_STATUS_LABELS[friend.status]}
                    </span>
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pages={Math.ceil(result.total / PAGE_SIZE)}
                hrefFor={(to) => `${PointsPages.myFriends}?page=${to}`}
              />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
