import { variantText } from '@shop/contracts/cart-rules';
import { RETURN_STATUS_LABELS, ReturnStatus, type TReturnStatus } from '@shop/contracts/return-rules';
import type { TRefundQuote, TReturnableOrder, TReturnDetail, TReturnLine } from '@shop/contracts/returns';
import type { ReactNode } from 'react';
import { ProductImage } from '../../components/product/product-image';
import { Skeleton } from '../../components/ui/skeleton';
import { BASE_CURRENCY, formatAmount } from '../../lib/currency';
import { cx, focusRing } from '../../lib/cx';
import { formatDay } from '../points';

/** The pieces the return pages share: status, amounts, lines, the quote, the timeline. */

/** What each kind of order offers (`mode`, worked out by the server). */
export const MODE_ACTION: Record<TReturnableOrder['mode'], string> = {
  return: 'Return or exchange',
  cancel: 'Cancel and refund',
  refund: 'Report a missing item',
};

/**
 * Money back as the card receives it: in US dollars, the currency the order was charged in, to the
 * cent the server refunds (decision 0049) — never converted into the shopper's display currency.
 */
export function RefundAmount({ usd, className }: { usd: number; className?: string }) {
  return (
    <span className={cx('tabular-nums', className)} translate="no">
      {formatAmount(usd, BASE_CURRENCY)}
    </span>
  );
}

const statusTone: Record<TReturnStatus, string> = {
  [ReturnStatus.Requested]: 'bg-amber-50 text-amber-900 ring-amber-300',
  [ReturnStatus.Approved]: 'bg-sky-50 text-sky-900 ring-sky-300',
  [ReturnStatus.ParcelSent]: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  [ReturnStatus.Received]: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  [ReturnStatus.Refunded]: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  [ReturnStatus.Exchanged]: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  [ReturnStatus.Rejected]: 'bg-rose-50 text-rose-900 ring-rose-300',
  [ReturnStatus.Withdrawn]: 'bg-gray-100 text-gray-800 ring-gray-300',
};

/** A request's status in a pill, in the contracts' words. */
export function ReturnStatusBadge({ status }: { status: number }) {
  return (
    <span
      data-testid="return-status"
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        statusTone[status as TReturnStatus] ?? 'bg-gray-100 text-gray-800 ring-gray-300',
      )}
    >
      {RETURN_STATUS_LABELS[status as TReturnStatus] ?? 'Unknown'}
    </span>
  );
}

/** A product photo of a request's line, or an empty frame. */
export function LineImage({ image }: { image: string }) {
  return (
    <div className="relative h-20 w-15 shrink-0 overflow-hidden rounded bg-gray-100">
      {image ? (
        <ProductImage url={image} alt="" width={600} height={800} sizes="60px" className="absolute inset-0 size-full" />
      ) : null}
    </div>
  );
}

/** A line's colour and size as the shop writes them. */
export const variantOf = variantText;

/** The lines of a request or a quote: what is sent back and what each gives back. */
export function ReturnLines({ lines, exchange }: { lines: readonly TReturnLine[]; exchange?: boolean }) {
  return (
    <ul className="divide-y divide-gray-100">
      {lines.map((line) => (
        <li key={line.order_item_id} className="flex gap-3 py-3 text-sm">
          <LineImage image={line.image} />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-gray-950">{line.goods_name}</p>
            {variantOf(line.sku_text) ? <p className="text-gray-700">{variantOf(line.sku_text)}</p> : null}
            <p className="text-gray-700">
              <span className="sr-only">Quantity: </span>× {line.num}
            </p>
          </div>
          {exchange ? null : (
            <p className="shrink-0 font-semibold text-gray-950">
              <span className="sr-only">Back for this item: </span>
              <RefundAmount usd={line.refund} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={cx('flex items-baseline justify-between gap-4', strong ? 'border-t border-gray-200 pt-3' : undefined)}>
      <dt className={strong ? 'text-base font-semibold text-gray-950' : 'text-gray-700'}>{label}</dt>
      <dd className={strong ? 'text-lg font-semibold text-gray-950' : 'text-gray-950'}>{children}</dd>
    </div>
  );
}

const points = (count: number) => (count === 1 ? '1 point' : `${count.toLocaleString('en-US')} points`);

const COUPON_TEXT: Record<TRefundQuote['coupon'], string | null> = {
  none: null,
  kept: 'Stays with the order',
  returned: 'Comes back to you',
};

/**
 * The server's figures for a request (POST /shop/orderRefund/quote, or the quote a request
 * keeps): the money back and its parts, the points that come back or are taken back, the
 * coupon, and the server's own sentences. Nothing is added up here.
 */
export function QuoteSummary({ quote, amount, title = 'Refund' }: { quote: TRefundQuote; amount?: number; title?: string }) {
  const exchange = quote.kind === 'exchange';
  return (
    <div className="flex flex-col gap-3">
      <dl data-testid="refund-quote" className="flex flex-col gap-2 text-sm">
        {exchange ? null : (
          <>
            <Row label="Items">
              <RefundAmount usd={quote.goods_refund} />
            </Row>
            <Row label="Shipping and charges">
              {quote.charges_refund > 0 ? <RefundAmount usd={quote.charges_refund} /> : 'Not refunded'}
            </Row>
          </>
        )}
        {quote.points_returned > 0 ? <Row label="Points back">{points(quote.points_returned)}</Row> : null}
        {quote.points_clawed > 0 ? <Row label="Points taken back">{points(quote.points_clawed)}</Row> : null}
        {COUPON_TEXT[quote.coupon] ? <Row label="Coupon">{COUPON_TEXT[quote.coupon]}</Row> : null}
        <Row label={exchange ? 'Money back' : `${title} to your card`} strong>
          <span data-testid="refund-amount">
            <RefundAmount usd={amount ?? quote.amount} />
          </span>
        </Row>
      </dl>
      {quote.notes.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700">
          {quote.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A request's history, oldest first: each status with when, who and the note. */
export function ReturnTimeline({ timeline }: { timeline: TReturnDetail['timeline'] }) {
  const actor = { shopper: 'You', staff: 'Our team', system: 'The shop' } as const;
  return (
    <ol className="flex flex-col">
      {timeline.map((event, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: events have no id of their own and never reorder
        <li key={at} className="relative flex gap-3 pb-4 last:pb-0">
          <span aria-hidden="true" className="relative flex w-3 shrink-0 justify-center">
            <span className={cx('mt-1.5 size-2.5 rounded-full', at === timeline.length - 1 ? 'bg-gray-900' : 'bg-gray-400')} />
            {at < timeline.length - 1 ? <span className="absolute top-4 bottom-0 w-px bg-gray-200" /> : null}
          </span>
          <div className="text-sm">
            <p className="font-medium text-gray-950">{event.status_text}</p>
            <p className="text-gray-600">
              <time dateTime={new Date(event.create_time).toISOString()}>{formatDay(event.create_time)}</time> ·{' '}
              {actor[event.actor]}
              {event.note ? ` · ${event.note}` : null}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A parcel's carrier and tracking number, linked to the carrier's page when it has one. */
export function ParcelLine({ parcel }: { parcel: NonNullable<TReturnDetail['parcel']> }) {
  return (
    <p className="text-sm text-gray-900">
      {parcel.company}, tracking number{' '}
      {parcel.tracking_url ? (
        <a
          href={parcel.tracking_url}
          rel="noopener noreferrer"
          target="_blank"
          className={cx('font-semibold underline', focusRing)}
        >
          {parcel.tracking_no}
          <span className="sr-only"> (opens the carrier’s page)</span>
        </a>
      ) : (
        <span className="font-semibold">{parcel.tracking_no}</span>
      )}
    </p>
  );
}

/** A panel of a return page with its heading. */
export function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={cx('rounded-lg border border-gray-200 p-4 sm:p-5', className)}>
      <h2 className="text-base font-semibold text-gray-950">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A return page's placeholder while it loads, named once for screen readers. */
export function ReturnSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

/** The messages of a 400's `result.fields`, by the server's field name ('reason', 'items.0.num'). */
export function fieldErrorsOf(result: unknown): Record<string, string> {
  const fields = (result as { fields?: unknown } | null | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(([, message]) => typeof message === 'string'),
  ) as Record<string, string>;
}
