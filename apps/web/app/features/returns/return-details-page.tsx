import { ReturnPages, ReturnStatus } from '@shop/contracts/return-rules';
import type { TReturnDetail } from '@shop/contracts/returns';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { LoadFailed, orderDetailsPath, orderIdFrom, primaryAction, secondaryAction } from '../orders';
import { formatDay, PageHeader } from '../points';
import {
  Panel,
  ParcelLine,
  QuoteSummary,
  RefundAmount,
  ReturnLines,
  ReturnSkeleton,
  ReturnStatusBadge,
  ReturnTimeline,
  variantOf,
} from './parts';
import { returnDetail } from './returns-api';
import { WithdrawButton } from './withdraw';

/** What the shopper should know now, in a sentence, by the request's state. */
function NextStep({ request }: { request: TReturnDetail }) {
  if (request.can_send === 1)
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-sky-950">Approved: send the items back and tell us the tracking number.</p>
        <Link to={ReturnPages.waiting(request.id)} className={primaryAction}>
          Send your parcel
        </Link>
      </div>
    );
  if (request.status === ReturnStatus.Rejected)
    return (
      <p className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm text-rose-950">
        Declined{request.reject_reason ? `: ${request.reject_reason}` : ''}.
      </p>
    );
  if (request.status === ReturnStatus.Refunded && request.refunded_at !== null)
    return (
      <p className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950">
        <RefundAmount usd={request.amount} className="font-semibold" /> was refunded to your card on{' '}
        {formatDay(request.refunded_at)}. Banks take a few days to show it.
      </p>
    );
  return null;
}

/**
 * /ShoppingListMain/ReturnExchangeDetails?id=<request id> (spec 2; guarded): a request's status
 * and what comes next, its lines and the money (the quote it keeps; once refunded, the amount
 * refunded), the reason and photos, the exchange and its replacement, the parcel, the timeline,
 * and withdrawing it while that is allowed.
 */
export function ReturnDetailsPage() {
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const headingId = useId();
  const detail = useLoad(id === null ? null : `return:${id}`, () => returnDetail(id ?? 0));

  if (id === null || detail.load.status === 'missing') return <RequestMissing headingId={headingId} />;
  if (detail.load.status !== 'ready')
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-6">
        <PageHeader id={headingId} title="Request details" />
        {detail.load.status === 'loading' ? (
          <ReturnSkeleton label="Loading the request" />
        ) : (
          <LoadFailed title="We couldn’t load this request" onRetry={detail.retry} />
        )}
      </section>
    );

  const request = detail.load.value;
  const exchange = request.kind === 'exchange';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={ReturnPages.list} className={cx('text-gray-700 underline underline-offset-4 hover:text-gray-950', focusRing)}>
          Return/Exchange
        </Link>
        <span aria-hidden="true" className="px-2 text-gray-400">
          /
        </span>
        <span aria-current="page" className="text-gray-950">
          {request.return_no}
        </span>
      </nav>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader id={headingId} title={`${request.kind_text} ${request.return_no}`}>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <ReturnStatusBadge status={request.status} />
            <span>
              <Link to={orderDetailsPath(request.order_id)} className={cx('underline underline-offset-4', focusRing)}>
                Order {request.order_no}
              </Link>{' '}
              · asked {formatDay(request.create_time)}
            </span>
          </span>
        </PageHeader>
        <WithdrawButton request={request} onDone={detail.set} />
      </div>
      <NextStep request={request} />

      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="flex min-w-0 flex-col gap-6">
          <Panel title={exchange ? 'Item to exchange' : 'Items'}>
            <ReturnLines lines={request.quote.lines} exchange={exchange} />
            {request.exchange ? (
              <p className="mt-3 text-sm text-gray-900">
                In exchange for: <span className="font-semibold">{variantOf(request.exchange.sku_text)}</span>
              </p>
            ) : null}
          </Panel>
          <Panel title="Reason">
            <RequestReason request={request} />
          </Panel>
          {request.parcel ? (
            <Panel title="Your parcel back to us">
              <ParcelLine parcel={request.parcel} />
            </Panel>
          ) : null}
          {request.replacement ? (
            <Panel title="Your replacement">
              <ParcelLine parcel={request.replacement} />
            </Panel>
          ) : null}
          <Panel title="Timeline">
            <ReturnTimeline timeline={request.timeline} />
          </Panel>
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <Panel title={exchange ? 'Exchange' : request.status === ReturnStatus.Refunded ? 'Refunded' : 'Refund'}>
            <QuoteSummary quote={request.quote} amount={request.amount} />
          </Panel>
        </div>
      </div>
    </section>
  );
}

/** The shopper's reason, what they wrote, and their photos (each opens full size). */
function RequestReason({ request }: { request: TReturnDetail }) {
  return (
    <>
      <p className="text-sm font-medium text-gray-950">{request.reason}</p>
      {request.description ? <p className="mt-2 whitespace-pre-line text-sm text-gray-800">{request.description}</p> : null}
      {request.photos.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Your photos">
          {request.photos.map((photo, at) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noopener noreferrer" className={cx('block rounded', focusRing)}>
                <img
                  src={photo}
                  alt={`What you showed us (${at + 1})`}
                  width={72}
                  height={72}
                  className="size-18 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A request id that is wrong or not this shopper's, with the way back to the list. */
function RequestMissing({ headingId }: { headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <PageHeader id={headingId} title="Request details" />
      <LoadFailed title="We couldn’t find this request">It may have been mistyped, or it belongs to another account.</LoadFailed>
      <Link to={ReturnPages.list} className={cx(secondaryAction, 'self-start')}>
        Back to Return/Exchange
      </Link>
    </section>
  );
}
