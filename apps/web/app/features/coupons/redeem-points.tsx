import { CODE_OK } from '@shop/contracts';
import type { TCouponCenterItem } from '@shop/contracts/coupons';
import { POINTS_PER_DOLLAR } from '@shop/contracts/orders-rules';
import { PointsPages } from '@shop/contracts/points-rules';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CouponBadge, CouponTicket, OfferValidity } from '../../components/coupon/coupon-ticket';
import { Skeleton } from '../../components/ui/skeleton';
import { NetworkFailure } from '../../lib/api';
import { cx, focusRing } from '../../lib/cx';
import { MY_COUPONS_PATH } from '../../lib/paths';
import { loadUserInfo, useStoredUser } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { ConfirmAction, primaryAction } from '../orders';
import { type CentrePage, couponCentre, receiveCoupon } from './coupon-api';
import { OfferGrid, type Outcome, OutcomeLine } from './offer-parts';

const points = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'point' : 'points'}`;

/** A coupon for points: its cost, and Redeem (asked about first) or what stands in the way. */
function RedeemCard({
  item,
  balance,
  outcome,
  onRedeem,
}: {
  item: TCouponCenterItem;
  balance: number | null;
  outcome: Outcome | undefined;
  onRedeem: () => Promise<boolean>;
}) {
  const messageId = useId();
  const short = balance !== null && balance < item.points_cost ? item.points_cost - balance : 0;
  return (
    <CouponTicket
      terms={item}
      headingLevel={2}
      muted={item.can_receive === 0 || short > 0}
      badge={item.received > 0 ? <CouponBadge tone="green">Redeemed</CouponBadge> : undefined}
      validity={<OfferValidity startAt={item.start_at} endAt={item.end_at} validDays={item.valid_days} />}
      testId="redeem-card"
    >
      <span className="text-sm font-semibold text-gray-950" data-testid="points-cost">
        {points(item.points_cost)}
      </span>
      {item.can_receive === 0 ? (
        <span className="text-sm text-gray-700">{item.reason}</span>
      ) : short > 0 ? (
        <span className="text-sm text-gray-700">You need {points(short)} more</span>
      ) : (
        <ConfirmAction
          label="Redeem"
          title={`Redeem ${points(item.points_cost)}?`}
          description={`You get the coupon “${item.name}”.${
            balance !== null ? ` Your balance goes from ${points(balance)} to ${points(balance - item.points_cost)}.` : ''
          }`}
          confirmLabel="Redeem"
          dismissLabel="Keep my points"
          onConfirm={onRedeem}
          triggerClassName={cx(primaryAction, 'min-h-10 px-5')}
        />
      )}
      <OutcomeLine id={messageId} outcome={outcome} />
    </CouponTicket>
  );
}

/**
 * /ShoppingListMain/RedeemPointsMore (spec 2; issue 15: points for coupons): the shopper's balance
 * and the coupons the centre offers for points (source 'points'), each redeemed after a
 * confirmation. The server spends the points and issues the coupon in one transaction; its refusal
 * (too few points, all claimed, the limit reached) is said on the card.
 */
export function RedeemPoints() {
  const headingId = useId();
  const stored = useStoredUser();
  const [balance, setBalance] = useState<number | null>(stored?.points ?? null);
  const { load, reload, retry } = useLoad<CentrePage>('redeem', () => couponCentre('points'));
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});

  const refreshBalance = () =>
    loadUserInfo().then((user) => {
      if (user) setBalance(user.points);
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    void refreshBalance();
  }, []);

  const redeem = async (item: TCouponCenterItem): Promise<boolean> => {
    let outcome: Outcome;
    try {
      const envelope = await receiveCoupon(item.coupon_id);
      if (envelope.code === 401) return true;
      outcome =
        envelope.code === CODE_OK
          ? { ok: true, text: 'Redeemed: the coupon is with your unused coupons.' }
          : { ok: false, text: envelope.msg || 'This coupon could not be redeemed. Please try again.' };
    } catch (error) {
      outcome = {
        ok: false,
        text: error instanceof NetworkFailure ? error.message : 'This coupon could not be redeemed. Please try again.',
      };
    }
    setOutcomes((shown) => ({ ...shown, [item.coupon_id]: outcome }));
    void refreshBalance();
    reload();
    return true;
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
        <h1 id={headingId} className="text-2xl font-semibold md:text-3xl">
          Redeem points
        </h1>
      </header>

      <div className="flex flex-col gap-3 rounded-lg border border-gray-200 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm text-gray-600">Your points</p>
          {balance === null ? (
            <Skeleton className="mt-1 h-9 w-24" />
          ) : (
            <p className="mt-1 text-3xl font-semibold tabular-nums" data-testid="points-balance">
              {balance.toLocaleString('en-US')}
            </p>
          )}
          <p className="mt-1 text-xs text-gray-600">
            {POINTS_PER_DOLLAR} points are worth $1 at checkout, or turn them into a coupon here.
          </p>
        </div>
        <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
          <Link to={PointsPages.myPoints} className={cx('font-semibold underline underline-offset-4', focusRing)}>
            My Points
          </Link>
          <Link to={MY_COUPONS_PATH} className={cx('font-semibold underline underline-offset-4', focusRing)}>
            My Coupons
          </Link>
        </p>
      </div>

      <OfferGrid
        load={load}
        retry={retry}
        loadingLabel="Loading the coupons for points"
        failedTitle="We couldn’t load the coupons for points"
        empty={
          <div className="rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center">
            <p className="text-lg font-medium text-gray-900">No coupons for points right now</p>
            <p className="mt-2 text-sm text-gray-700">
              Your points can still be used at checkout: {POINTS_PER_DOLLAR} points take $1 off.
            </p>
          </div>
        }
        card={(item) => (
          <RedeemCard item={item} balance={balance} outcome={outcomes[item.coupon_id]} onRedeem={() => redeem(item)} />
        )}
      />
    </section>
  );
}
