import { PointsPages, REVIEW_POINTS } from '@shop/contracts/points-rules';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { EmptyState, Loaded, linkClass, PageHeader, pageOf } from './parts';
import { pointsLog, userPoints } from './points-api';
import { PointsLogList } from './points-log-list';

const PAGE_SIZE = 20;

/**
 * /ShoppingListMain/MyPointsComment (spec 2, "points comment"; guarded): the points reviews have
 * earned and how to earn them.
 */
export function PointsCommentPage() {
  const headingId = useId();
  const [params] = useSearchParams();
  const page = pageOf(params);
  const summary = useLoad('points', userPoints);
  const log = useLoad(`reviews-${page}`, () => pointsLog(page, PAGE_SIZE, 'review'));

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader id={headingId} title="Points for reviews">
        Each review of something you bought earns {REVIEW_POINTS} points, whatever the stars you give. Once an order is completed,
        its products can be reviewed.{' '}
        <Link to={PointsPages.myPoints} className={linkClass}>
          Back to My Points
        </Link>
      </PageHeader>
      <Loaded load={summary.load} what="your points" retry={summary.retry}>
        {(points) => (
          <p className="rounded-lg border border-gray-200 p-5 text-sm text-gray-700">
            Earned by reviews so far:{' '}
            <strong className="text-2xl font-semibold text-gray-900 tabular-nums">{points.review_points}</strong> points
          </p>
        )}
      </Loaded>
      <Loaded load={log.load} what="your review points" retry={log.retry}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title="No review points yet" action={{ to: '/ShoppingListMain/MyOrder', label: 'See my orders' }}>
              When a review of yours is published, its {REVIEW_POINTS} points show here.
            </EmptyState>
          ) : (
            <>
              <PointsLogList entries={result.data} label="Points earned by reviews" />
              <Pagination
                page={page}
                pages={Math.ceil(result.total / PAGE_SIZE)}
                hrefFor={(to) => `${PointsPages.comment}?page=${to}`}
              />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
