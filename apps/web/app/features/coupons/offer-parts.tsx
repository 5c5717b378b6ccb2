import type { TCouponCenterItem } from '@shop/contracts/coupons';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import type { Load } from '../../lib/use-load';
import { LoadFailed } from '../orders';
import type { CentrePage } from './coupon-api';
import { CouponsSkeleton } from './coupons-skeleton';

/** What the last press of a card's button came to. */
export type Outcome = { ok: boolean; text: string };

/** The line under a coupon card saying what its button came to; empty (and hidden) until then. */
export function OutcomeLine({ id, outcome }: { id: string; outcome: Outcome | undefined }) {
  return (
    <p
      id={id}
      role="status"
      className={cx('basis-full text-right text-sm empty:hidden', outcome?.ok ? 'text-emerald-800' : 'text-red-800')}
    >
      {outcome?.text ?? ''}
    </p>
  );
}

/** The centre's offers as a grid of cards, or their placeholders, the failure with a retry, or `empty`. */
export function OfferGrid({
  load,
  retry,
  loadingLabel,
  failedTitle,
  empty,
  card,
}: {
  load: Load<CentrePage>;
  retry: () => void;
  loadingLabel: string;
  failedTitle: string;
  empty: ReactNode;
  card: (item: TCouponCenterItem) => ReactNode;
}) {
  if (load.status === 'loading') return <CouponsSkeleton label={loadingLabel} />;
  if (load.status === 'failed' || load.status === 'missing') return <LoadFailed title={failedTitle} onRetry={retry} />;
  if (load.value.data.length === 0) return empty;
  return (
    <ul className="grid gap-4 xl:grid-cols-2">
      {load.value.data.map((item) => (
        <li key={item.coupon_id} className="min-w-0">
          {card(item)}
        </li>
      ))}
    </ul>
  );
}
