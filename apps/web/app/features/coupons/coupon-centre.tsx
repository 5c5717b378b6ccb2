import { CODE_OK } from '@shop/contracts';
import type { TCouponCenterItem } from '@shop/contracts/coupons';
import { useId, useState } from 'react';
import { CouponBadge, CouponTicket, OfferValidity } from '../../components/coupon/coupon-ticket';
import { NetworkFailure } from '../../lib/api';
import { cx } from '../../lib/cx';
import { COUPON_CENTRE_ID } from '../../lib/paths';
import { useLoad } from '../../lib/use-load';
import { primaryAction } from '../orders';
import { type CentrePage, couponCentre, receiveCoupon } from './coupon-api';
import { OfferGrid, type Outcome, OutcomeLine } from './offer-parts';

/** How many are left, when the template has a limit. */
function Remaining({ item }: { item: TCouponCenterItem }) {
  if (item.remaining === null) return null;
  return (
    <span className="text-sm text-gray-700" data-testid="coupon-remaining">
      {item.remaining === 0 ? 'All claimed' : `${item.remaining} left`}
    </span>
  );
}

/** A template on offer: how many remain, whether the shopper holds it, and the Receive button or why not. */
function CentreCard({
  item,
  pending,
  outcome,
  onReceive,
}: {
  item: TCouponCenterItem;
  pending: boolean;
  outcome: Outcome | undefined;
  onReceive: () => void;
}) {
  const messageId = useId();
  const held = item.received > 0;
  return (
    <CouponTicket
      terms={item}
      muted={item.can_receive === 0 && !held}
      badge={held ? <CouponBadge tone="green">Received</CouponBadge> : undefined}
      validity={<OfferValidity startAt={item.start_at} endAt={item.end_at} validDays={item.valid_days} />}
      testId="centre-card"
    >
      <Remaining item={item} />
      {item.can_receive === 1 ? (
        <button
          type="button"
          onClick={onReceive}
          disabled={pending}
          aria-busy={pending || undefined}
          aria-describedby={outcome ? messageId : undefined}
          className={cx(primaryAction, 'min-h-10 px-5')}
        >
          {pending ? (
            <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
          ) : null}
          {pending ? 'Receiving…' : held ? 'Receive another' : 'Receive'}
        </button>
      ) : item.reason && !held ? (
        <span className="text-sm text-gray-700">{item.reason}</span>
      ) : null}
      <OutcomeLine id={messageId} outcome={outcome} />
    </CouponTicket>
  );
}

/**
 * The coupon centre (spec 1 "Loyalty": coupon centre, receive) on MyCoupons: the templates on offer
 * for the taking (those bought with points are on RedeemPointsMore), each with how many remain and a
 * Receive button. A coupon received joins the shopper's Unused coupons (`onReceived`); a refusal
 * (all claimed, the limit reached) is the server's, said on the card, which then shows the centre
 * as it now is.
 */
export function CouponCentre({ onReceived }: { onReceived: () => void }) {
  const headingId = useId();
  const { load, reload, retry, set } = useLoad<CentrePage>('centre', () => couponCentre('center'));
  const [pending, setPending] = useState<number | null>(null);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});

  const receive = async (item: TCouponCenterItem) => {
    setPending(item.coupon_id);
    setOutcomes((shown) => {
      const { [item.coupon_id]: _, ...rest } = shown;
      return rest;
    });
    let outcome: Outcome;
    try {
      const envelope = await receiveCoupon(item.coupon_id);
      if (envelope.code === CODE_OK) {
        outcome = { ok: true, text: 'Received: it is with your unused coupons.' };
        // held now; the centre's next answer says whether another may be received
        if (load.status === 'ready') {
          set({
            ...load.value,
            data: load.value.data.map((offer) =>
              offer.coupon_id === item.coupon_id
                ? {
                    ...offer,
                    received: offer.received + 1,
                    remaining: offer.remaining === null ? null : Math.max(0, offer.remaining - 1),
                    can_receive: 0,
                  }
                : offer,
            ),
          });
        }
        onReceived();
      } else if (envelope.code === 401) {
        return;
      } else {
        outcome = { ok: false, text: envelope.msg || 'This coupon could not be received. Please try again.' };
      }
    } catch (error) {
      outcome = {
        ok: false,
        text: error instanceof NetworkFailure ? error.message : 'This coupon could not be received. Please try again.',
      };
    } finally {
      setPending(null);
    }
    setOutcomes((shown) => ({ ...shown, [item.coupon_id]: outcome }));
    reload();
  };

  return (
    <section id={COUPON_CENTRE_ID} aria-labelledby={headingId} className="scroll-mt-24 flex flex-col gap-4">
      <header>
        <h2 id={headingId} className="text-xl font-semibold text-gray-950">
          Coupon centre
        </h2>
        <p className="mt-1 text-sm text-gray-700">Coupons for the taking, while they last.</p>
      </header>
      <OfferGrid
        load={load}
        retry={retry}
        loadingLabel="Loading the coupon centre"
        failedTitle="We couldn’t load the coupon centre"
        empty={
          <div className="rounded-lg border border-dashed border-gray-300 px-6 py-10 text-center">
            <p className="text-lg font-medium text-gray-900">No coupons on offer right now</p>
            <p className="mt-2 text-sm text-gray-700">New coupons appear here from time to time: come back soon.</p>
          </div>
        }
        card={(item) => (
          <CentreCard
            item={item}
            pending={pending === item.coupon_id}
            outcome={outcomes[item.coupon_id]}
            onReceive={() => void receive(item)}
          />
        )}
      />
    </section>
  );
}
