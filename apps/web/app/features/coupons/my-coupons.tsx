import {
  COUPON_EXPIRING_NOTICE_MS,
  COUPON_PAGE_SIZE_DEFAULT,
  COUPON_STATUS_TABS,
  type CouponStatus,
} from '@shop/contracts/coupon-rules';
import type { TUserCoupon, TUserCouponPage } from '@shop/contracts/coupons';
import { PointsPages } from '@shop/contracts/points-rules';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CouponBadge, CouponDate, CouponTicket, HeldValidity } from '../../components/coupon/coupon-ticket';
import { Pagination } from '../../components/ui/pagination';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/tabs';
import { cx, focusRing } from '../../lib/cx';
import { COUPON_CENTRE_ID, MY_COUPONS_PATH } from '../../lib/paths';
import { useLoad } from '../../lib/use-load';
import { LoadFailed, primaryAction, tabClass } from '../orders';
import { listMyCoupons } from './coupon-api';
import { CouponCentre } from './coupon-centre';
import { couponQuery, readCouponQuery } from './coupon-query';
import { CouponsSkeleton } from './coupons-skeleton';

/** What an empty tab says, and what to do about it. */
const EMPTY_TABS: Record<CouponStatus, { title: string; hint: string }> = {
  unused: { title: 'You have no coupons to use', hint: 'Receive one in the coupon centre below, or redeem your points for one.' },
  used: { title: 'You have not used a coupon yet', hint: 'Coupons you use on an order appear here.' },
  expired: { title: 'No expired coupons', hint: 'Coupons that pass their end date unused appear here.' },
};

/** One of the shopper's coupons: its status, and the way to use it or the order that used it. */
function MyCouponCard({ coupon, now }: { coupon: TUserCoupon; now: number }) {
  const muted = coupon.status !== 'unused';
  const expiringSoon = coupon.status === 'unused' && coupon.end_at - now <= COUPON_EXPIRING_NOTICE_MS;
  const badge =
    coupon.status === 'used' ? (
      <CouponBadge>Used</CouponBadge>
    ) : coupon.status === 'expired' ? (
      <CouponBadge>Expired</CouponBadge>
    ) : expiringSoon ? (
      <CouponBadge>Expires soon</CouponBadge>
    ) : undefined;
  return (
    <CouponTicket
      terms={coupon}
      headingLevel={2}
      muted={muted}
      badge={badge}
      validity={
        coupon.status === 'used' && coupon.used_at !== null ? (
          <>
            Used <CouponDate at={coupon.used_at} />
          </>
        ) : coupon.status === 'expired' ? (
          <>
            Ended <CouponDate at={coupon.end_at} />
          </>
        ) : (
          <HeldValidity startAt={coupon.start_at} endAt={coupon.end_at} now={now} />
        )
      }
    >
      {coupon.status === 'unused' ? (
        <Link to="/order" className={cx('text-sm font-semibold underline underline-offset-4', focusRing)}>
          Use at checkout
        </Link>
      ) : coupon.status === 'used' && coupon.order_id !== null ? (
        <Link
          to={`/ShoppingListMain/OrderDetails?id=${coupon.order_id}`}
          className={cx('text-sm font-semibold underline underline-offset-4', focusRing)}
        >
          View the order
        </Link>
      ) : null}
    </CouponTicket>
  );
}

/**
 * /ShoppingListMain/MyCoupons (spec 2, named route myCoupons; guarded): the shopper's coupons by
 * tab — Unused, Used, Expired, each with its count — COUPON_PAGE_SIZE_DEFAULT a page, the tab and
 * page in the address; and below them the coupon centre, where a coupon received joins Unused.
 */
export function MyCoupons() {
  const [search, setSearch] = useSearchParams();
  const { status, page } = readCouponQuery(search);
  const headingId = useId();
  const { load, reload, retry } = useLoad<TUserCouponPage>(`${status}:${page}`, () => listMyCoupons(status, page));
  // each tab's count stays on its tab while another tab loads
  const [counts, setCounts] = useState<TUserCouponPage['counts'] | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (load.status !== 'ready') return;
    setCounts(load.value.counts);
    setNow(Date.now());
  }, [load]);

  const go = useCallback(
    (next: { status: CouponStatus; page: number }) => setSearch(couponQuery(next), { preventScrollReset: true }),
    [setSearch],
  );

  // a page past the end (coupons moved to another tab meanwhile) shows the last page instead
  useEffect(() => {
    if (load.status !== 'ready' || page === 1 || load.value.data.length > 0) return;
    const last = Math.max(1, Math.ceil(load.value.total / COUPON_PAGE_SIZE_DEFAULT));
    if (last < page) go({ status, page: last });
  }, [load, page, status, go]);

  const pages = load.status === 'ready' ? Math.ceil(load.value.total / COUPON_PAGE_SIZE_DEFAULT) : 0;
  const tabLabel = COUPON_STATUS_TABS.find((tab) => tab.status === status)?.label ?? 'Unused';
  const empty = EMPTY_TABS[status];

  return (
    <div className="flex flex-col gap-12">
      <section aria-labelledby={headingId} className="flex flex-col gap-6">
        <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
            <h1 id={headingId} className="mt-1 text-2xl font-semibold md:text-3xl">
              My Coupons
            </h1>
          </div>
          <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <a href={`#${COUPON_CENTRE_ID}`} className={cx('font-semibold underline underline-offset-4', focusRing)}>
              Coupon centre
            </a>
            <Link to={PointsPages.redeem} className={cx('font-semibold underline underline-offset-4', focusRing)}>
              Redeem points for coupons
            </Link>
          </p>
        </header>

        <Tabs value={status} onValueChange={(value) => go({ status: value as CouponStatus, page: 1 })} activation="manual">
          <TabList
            aria-label="Coupon status"
            className="-mx-4 flex overflow-x-auto border-b border-gray-200 px-4 md:mx-0 md:px-0"
          >
            {COUPON_STATUS_TABS.map((tab) => (
              <Tab key={tab.status} value={tab.status} className={tabClass}>
                {tab.label}
                {counts ? <span className="ml-1 font-normal tabular-nums">({counts[tab.status]})</span> : null}
              </Tab>
            ))}
          </TabList>
          <TabPanel value={status} className="pt-6 outline-none">
            <span className="sr-only">{tabLabel} coupons</span>
            {load.status === 'loading' ? (
              <CouponsSkeleton label="Loading your coupons" />
            ) : load.status === 'failed' || load.status === 'missing' ? (
              <LoadFailed title="We couldn’t load your coupons" onRetry={retry} />
            ) : load.value.data.length === 0 ? (
              <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center">
                <p className="text-lg font-medium text-gray-900">{empty.title}</p>
                <p className="mt-2 text-sm text-gray-700">{empty.hint}</p>
                {status === 'unused' ? (
                  <a href={`#${COUPON_CENTRE_ID}`} className={cx(primaryAction, 'mt-6 px-8')}>
                    Go to the coupon centre
                  </a>
                ) : null}
              </div>
            ) : (
              <div className="flex flex-col gap-6">
                <ol className="grid gap-4 xl:grid-cols-2">
                  {load.value.data.map((coupon) => (
                    <li key={coupon.id} className="min-w-0">
                      <MyCouponCard coupon={coupon} now={now} />
                    </li>
                  ))}
                </ol>
                <Pagination
                  page={page}
                  pages={pages}
                  hrefFor={(next) => {
                    const query = couponQuery({ status, page: next }).toString();
                    return query ? `${MY_COUPONS_PATH}?${query}` : MY_COUPONS_PATH;
                  }}
                />
              </div>
            )}
          </TabPanel>
        </Tabs>
      </section>

      <CouponCentre onReceived={reload} />
    </div>
  );
}
