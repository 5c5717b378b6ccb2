import { CODE_OK } from '@shop/contracts';
import { ReturnPages } from '@shop/contracts/return-rules';
import type { TReturnableOrder } from '@shop/contracts/returns';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { LoadFailed, orderDetailsPath, orderIdFrom, secondaryAction } from '../orders';
import { formatDay, PageHeader } from '../points';
import { MODE_ACTION, ReturnSkeleton } from './parts';
import { returnableOrder } from './returns-api';

/** The order, or the server's reason it cannot be asked about now (a 400: not delivered, window closed). */
type FormLoad = { order: TReturnableOrder } | { refusal: string };

const loadForm = (id: number) =>
  returnableOrder(id).then((envelope) =>
    envelope.code === CODE_OK
      ? { ...envelope, result: { order: envelope.result } as FormLoad }
      : envelope.code === 400
        ? { ...envelope, code: CODE_OK, result: { refusal: envelope.msg } as FormLoad }
        : { ...envelope, result: null as unknown as FormLoad },
  );

/** The form's code (its fields, photos and quote) loads beside the order, out of the route's first load. */
const loadRequestForm = () => import('./request-form');
if (typeof document !== 'undefined') loadRequestForm().catch(() => undefined);
const RequestForm = lazy(() => loadRequestForm().then((module) => ({ default: module.RequestForm })));

/**
 * /ShoppingListMain/ReturnExchangeOne?id=<order id> (spec 2; guarded): the request form of one
 * order. The lines and how many of each, the reason, a description and photos, a refund or an
 * exchange (one line, another size or colour of the same price), and the server's quote beside
 * them, asked again as the choice changes. An order that cannot be asked about says why.
 */
export function ReturnFormPage() {
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const headingId = useId();
  const form = useLoad(id === null ? null : `form:${id}`, () => loadForm(id ?? 0));

  const header = (title: string, order?: TReturnableOrder) => (
    <PageHeader id={headingId} title={title}>
      {order ? (
        <>
          <Link to={orderDetailsPath(order.id)} className={cx('underline underline-offset-4', focusRing)}>
            Order {order.order_no}
          </Link>{' '}
          · {order.status_text} · placed {formatDay(order.create_time)}
          {order.mode === 'return' && order.window_ends_at !== null
            ? ` · returns open until ${formatDay(order.window_ends_at)}`
            : ''}
        </>
      ) : null}
    </PageHeader>
  );

  let body: ReactNode;
  if (id === null || form.load.status === 'missing') {
    body = (
      <>
        {header('Return or exchange')}
        <LoadFailed title="We couldn’t find this order">It may have been mistyped, or it belongs to another account.</LoadFailed>
      </>
    );
  } else if (form.load.status === 'loading') {
    body = (
      <>
        {header('Return or exchange')}
        <ReturnSkeleton label="Loading the order" />
      </>
    );
  } else if (form.load.status === 'failed') {
    body = (
      <>
        {header('Return or exchange')}
        <LoadFailed title="We couldn’t load this order" onRetry={form.retry} />
      </>
    );
  } else if ('refusal' in form.load.value || form.load.value.order.lines.every((line) => line.returnable === 0)) {
    const reason =
      'refusal' in form.load.value
        ? form.load.value.refusal
        : 'Every item of this order has been returned already or is in a request: follow it under Your requests.';
    body = (
      <>
        {header('Return or exchange')}
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center" data-testid="return-refusal">
          <p className="text-lg font-semibold">This order can’t be returned right now</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-gray-700">{reason}</p>
          <div className="mt-5 flex flex-wrap justify-center gap-2">
            <Link to={orderDetailsPath(id)} className={secondaryAction}>
              View the order
            </Link>
            <Link to={ReturnPages.list} className={secondaryAction}>
              Back to Return/Exchange
            </Link>
          </div>
        </div>
      </>
    );
  } else {
    const { order } = form.load.value;
    body = (
      <>
        {header(MODE_ACTION[order.mode], order)}
        <Suspense fallback={<ReturnSkeleton label="Loading the form" />}>
          <RequestForm order={order} />
        </Suspense>
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      {body}
    </section>
  );
}
