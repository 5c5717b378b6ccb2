import type { CouponSource } from '@shop/contracts/coupon-rules';
import type { TCouponTerms } from '@shop/contracts/coupons';
import { type ReactNode, useId } from 'react';
import { cx } from '../../lib/cx';
import { Price } from '../product/price';

/**
 * A coupon as every page shows it (MyCoupons, the coupon centre, RedeemPointsMore, the checkout's
 * choice): what it takes off, from what spend, on which goods, for how long and where it came
 * from. Amounts are in the shopper's currency; the terms are the server's.
 */

type Terms = Pick<
  TCouponTerms,
  'name' | 'type' | 'amount' | 'percent' | 'max_discount' | 'min_spend' | 'scope' | 'first_order_only' | 'source'
>;

/** Where a coupon came from, in the shopper's words. */
export const COUPON_SOURCE_LABELS: Record<CouponSource, string> = {
  center: 'Coupon centre',
  registration: 'Welcome offer',
  newsletter: 'Newsletter offer',
  referral: 'Friend referral',
  staff: 'From customer service',
  points: 'Redeemed with points',
};

const SCOPE_LABELS: Record<Terms['scope'], string> = {
  all: 'All items',
  categories: 'Selected categories',
  products: 'Selected products',
};

/** 'Jun 5, 2030' in the shopper's time zone. */
export const couponDate = (epochMs: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(epochMs));

export function CouponDate({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{couponDate(at)}</time>;
}

/** The value in large type: '$10' or '20%'. */
export function CouponValue({ terms, className }: { terms: Pick<Terms, 'type' | 'amount' | 'percent'>; className?: string }) {
  return (
    <span className={cx('font-semibold tabular-nums', className)}>
      {terms.type === 'fixed' ? <Price usd={terms.amount} /> : `${terms.percent}%`}
    </span>
  );
}

/**
 * The conditions, one short phrase each: the minimum spend, a percentage's cap, the goods, first
 * order only. A list, or with `inline` phrases in a span (inside a label, where a list may not be).
 */
export function CouponConditions({ terms, className, inline }: { terms: Terms; className?: string; inline?: boolean }) {
  const phrases = [
    terms.min_spend > 0 ? (
      <>
        On orders of <Price usd={terms.min_spend} /> or more
      </>
    ) : (
      'No minimum spend'
    ),
    terms.type === 'percent' && terms.max_discount !== null ? (
      <>
        Up to <Price usd={terms.max_discount} /> off
      </>
    ) : null,
    SCOPE_LABELS[terms.scope],
    terms.first_order_only === 1 ? 'First order only' : null,
  ].filter((phrase) => phrase !== null);
  const Group = inline ? 'span' : 'ul';
  const Phrase = inline ? 'span' : 'li';
  return (
    <Group className={cx('flex flex-wrap gap-x-3 gap-y-0.5', className)}>
      {phrases.map((phrase, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed order of phrases
        <Phrase key={at}>
          {phrase}
          {inline && at < phrases.length - 1 ? <span className="sr-only">, </span> : null}
        </Phrase>
      ))}
    </Group>
  );
}

/** A held coupon's dates: 'Valid until Jun 30, 2030', or from–until when it starts later. */
export function HeldValidity({ startAt, endAt, now = Date.now() }: { startAt: number; endAt: number; now?: number }) {
  return startAt > now ? (
    <>
      Valid <CouponDate at={startAt} /> – <CouponDate at={endAt} />
    </>
  ) : (
    <>
      Valid until <CouponDate at={endAt} />
    </>
  );
}

/** A template's dates: fixed ones, or a number of days from receipt. */
export function OfferValidity({
  startAt,
  endAt,
  validDays,
}: {
  startAt: number | null;
  endAt: number | null;
  validDays: number | null;
}) {
  if (validDays !== null) return <>Valid for {validDays === 1 ? '1 day' : `${validDays} days`} after you receive it</>;
  if (startAt !== null && endAt !== null) return <HeldValidity startAt={startAt} endAt={endAt} />;
  return null;
}

/**
 * The ticket: the value on a coloured stub, the name and terms beside it, `badge` (a status) at the
 * top, `children` (the actions) at the bottom. `muted` greys it (used, expired, cannot be used).
 */
export function CouponTicket({
  terms,
  validity,
  badge,
  muted,
  children,
  testId = 'coupon-card',
  headingLevel = 3,
}: {
  terms: Terms;
  validity: ReactNode;
  badge?: ReactNode;
  muted?: boolean;
  children?: ReactNode;
  testId?: string;
  /** the name's heading level under the page's headings */
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      aria-labelledby={titleId}
      data-testid={testId}
      className={cx(
        'flex min-w-0 overflow-hidden rounded-lg border',
        muted ? 'border-gray-200 bg-gray-50 text-gray-600' : 'border-rose-200 bg-white',
      )}
    >
      <div
        aria-hidden="true"
        className={cx(
          'flex w-24 shrink-0 flex-col items-center justify-center border-r border-dashed px-2 py-4 text-center sm:w-32',
          muted ? 'border-gray-300 bg-gray-100 text-gray-600' : 'border-rose-300 bg-rose-50 text-rose-800',
        )}
      >
        <CouponValue terms={terms} className="text-xl sm:text-3xl" />
        <span className="text-xs font-semibold uppercase tracking-widest">off</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <Heading id={titleId} className={cx('font-semibold', muted ? 'text-gray-700' : 'text-gray-950')}>
            <span className="sr-only">
              <CouponValue terms={terms} /> off:{' '}
            </span>
            {terms.name}
          </Heading>
          {badge}
        </div>
        <CouponConditions terms={terms} className={cx('text-sm', muted ? 'text-gray-600' : 'text-gray-800')} />
        <p className="text-xs text-gray-600">
          {validity}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">. </span>
          {COUPON_SOURCE_LABELS[terms.source]}
        </p>
        {children ? <div className="mt-1 flex flex-wrap items-center justify-end gap-3">{children}</div> : null}
      </div>
    </article>
  );
}

/** A small status pill on a ticket ('Used', 'Expired', 'Received'). */
export function CouponBadge({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'green' }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone === 'green' ? 'bg-emerald-50 text-emerald-900 ring-emerald-300' : 'bg-gray-100 text-gray-800 ring-gray-300',
      )}
    >
      {children}
    </span>
  );
}
