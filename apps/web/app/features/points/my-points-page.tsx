import { PointsPages } from '@shop/contracts/points-rules';
import { useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { useLoad } from '../../lib/use-load';
import { HowToEarn } from './how-to-earn';
import { EmptyState, formatDay, Loaded, linkClass, PageHeader, pointsAsDollars } from './parts';
import { pointsLog, userPoints } from './points-api';
import { PointsLogList } from './points-log-list';

const RECENT = 5;

function Figure({ label, value, note, testId }: { label: string; value: string; note: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-5">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="mt-1 text-xs text-gray-600">{note}</dd>
    </div>
  );
}

/**
 * /ShoppingListMain/MyPoints (spec 2, route id myPoints; guarded): the balance and what it is
 * worth, points pending on orders not yet completed, the next points to expire, the latest
 * movements, how to earn, and where to use them.
 */
export function MyPointsPage() {
  const headingId = useId();
  const summary = useLoad('points', userPoints);
  const recent = useLoad('recent', () => pointsLog(1, RECENT));

  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <PageHeader id={headingId} title="My Points" />
      <Loaded load={summary.load} what="your points" retry={summary.retry} placeholder={<SummaryOutline />}>
        {(points) => (
          <>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Figure
                label="Balance"
                value={`${points.balance}`}
                note={`Worth ${pointsAsDollars(points.balance)}`}
                testId="points-balance"
              />
              <Figure label="Pending" value={`${points.pending}`} note="From orders not yet completed" />
              <Figure
                label="Expiring soon"
                value={`${points.expiring_points}`}
                note={points.expiring_at !== null ? `On ${formatDay(points.expiring_at)}` : 'None in the next 30 days'}
              />
            </dl>
            <div className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
              <Link to={PointsPages.redeem} className={linkClass}>
                Redeem points for coupons
              </Link>
              <Link to={PointsPages.detail} className={linkClass}>
                Points history
              </Link>
              <Link to={PointsPages.comment} className={linkClass}>
                Points for reviews
              </Link>
              <Link to={PointsPages.byFriends} className={linkClass}>
                Invite friends
              </Link>
            </div>
          </>
        )}
      </Loaded>

      <section aria-labelledby={`${headingId}-recent`} className="space-y-3">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id={`${headingId}-recent`} className="text-lg font-semibold">
            Latest activity
          </h2>
          <Link to={PointsPages.detail} className={`text-sm ${linkClass}`}>
            See all
          </Link>
        </div>
        <Loaded load={recent.load} what="your points history" retry={recent.retry}>
          {(log) =>
            log.data.length === 0 ? (
              <EmptyState title="No points yet" action={{ to: '/', label: 'Start shopping' }}>
                Your first points arrive when an order is completed.
              </EmptyState>
            ) : (
              <PointsLogList entries={log.data} label="Latest points activity" />
            )
          }
        </Loaded>
      </section>

      <HowToEarn />
    </section>
  );
}

/** The three figures' cards and the row of links below them, in outline, at their size. */
function SummaryOutline() {
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-[122px] w-full md:h-[138px] lg:h-[122px]" />
        <Skeleton className="h-[122px] w-full md:h-[138px] lg:h-[122px]" />
        <Skeleton className="h-[122px] w-full md:h-[138px] lg:h-[122px]" />
      </div>
      <Skeleton className="h-[52px] w-full lg:h-5" />
    </div>
  );
}
