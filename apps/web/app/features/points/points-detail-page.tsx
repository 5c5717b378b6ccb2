import { PointsPages } from '@shop/contracts/points-rules';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { useLoad } from '../../lib/use-load';
import { EmptyState, Loaded, linkClass, PageHeader, pageOf } from './parts';
import { pointsLog } from './points-api';
import { PointsLogList } from './points-log-list';

const PAGE_SIZE = 20;

/** /ShoppingListMain/PointsDetail (spec 2; guarded): every movement of the shopper's points, newest first. */
export function PointsDetailPage() {
  const headingId = useId();
  const [params] = useSearchParams();
  const page = pageOf(params);
  const log = useLoad(`log-${page}`, () => pointsLog(page, PAGE_SIZE));

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PageHeader id={headingId} title="Points history">
        Every point earned, used and expired. Points earned expire 12 months later, the oldest first.{' '}
        <Link to={PointsPages.myPoints} className={linkClass}>
          Back to My Points
        </Link>
      </PageHeader>
      <Loaded load={log.load} what="your points history" retry={log.retry}>
        {(result) =>
          result.total === 0 ? (
            <EmptyState title="No points yet" action={{ to: '/', label: 'Start shopping' }}>
              Points you earn on orders, reviews and invitations will be listed here.
            </EmptyState>
          ) : (
            <>
              <PointsLogList entries={result.data} label="Points history" />
              <Pagination
                page={page}
                pages={Math.ceil(result.total / PAGE_SIZE)}
                hrefFor={(to) => `${PointsPages.detail}?page=${to}`}
              />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
