import { Link } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { Breakdown, BreakdownSkeleton, LoadFailed, primaryAction } from './order-parts';
import type { CheckoutState } from './use-checkout';
import type { PlaceOrderState } from './use-place-order';

/**
 * The checkout's order summary beside the steps: the server's breakdown (or why there is none),
 * what stops the order, and 'Place order' with what it is waiting for. A guest is asked to sign in.
 */
export function OrderSummary({
  checkout,
  place,
  signedIn,
}: {
  checkout: CheckoutState;
  place: PlaceOrderState;
  signedIn: boolean;
}) {
  const pieces = checkout.cart.pieces;
  return (
    <aside
      aria-label="Order summary"
      className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 className="text-lg font-semibold text-gray-950">Order summary</h2>
      {signedIn ? (
        <SummaryFigures checkout={checkout} />
      ) : (
        <p className="text-sm text-gray-700">
          {pieces === 1 ? '1 item' : `${pieces} items`} in your bag. Sign in to see shipping and your total.
        </p>
      )}
      {signedIn ? <OrderProblems problems={checkout.problems} /> : null}
      {place.placeError ? (
        <div
          ref={place.errorRef}
          role="alert"
          tabIndex={-1}
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 outline-none"
        >
          {place.placeError.text}
        </div>
      ) : null}
      {signedIn ? (
        <PlaceOrder place={place} blockers={checkout.blockers} />
      ) : (
        <Link to="/login?redirect=%2Forder" className={cx(primaryAction, 'min-h-12 w-full')}>
          Sign in to check out
        </Link>
      )}
      <Link to="/" className={cx('self-center text-sm font-semibold underline underline-offset-4', focusRing)}>
        Continue shopping
      </Link>
    </aside>
  );
}

/** The breakdown, dimmed while a newer one is on its way; a retry when it could not be worked out. */
function SummaryFigures({ checkout }: { checkout: CheckoutState }) {
  const { priced, preview } = checkout;
  if (priced) {
    return (
      <div aria-busy={preview.stale || undefined} className={preview.stale ? 'opacity-60 transition-opacity' : undefined}>
        <Breakdown breakdown={priced.breakdown} discounts={priced.discounts} />
      </div>
    );
  }
  if (preview.status === 'failed') {
    return (
      <LoadFailed title="We couldn’t work out your total" onRetry={preview.retry}>
        {preview.message || 'Check your connection and try again.'}
      </LoadFailed>
    );
  }
  return (
    <>
      <span role="status" className="sr-only">
        Working out your total
      </span>
      <BreakdownSkeleton />
    </>
  );
}

/** What the server says stops this order (a line sold out, a price changed). */
function OrderProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">Before you can place this order</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** 'Place order', and under it what it waits for or where the payment happens. */
function PlaceOrder({ place, blockers }: { place: PlaceOrderState; blockers: readonly string[] }) {
  const { placing } = place;
  return (
    <>
      <button
        type="button"
        onClick={() => void place.placeOrder()}
        disabled={!place.canPlace}
        aria-busy={placing || undefined}
        className={cx(primaryAction, 'min-h-12 w-full')}
      >
        {placing ? (
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
        ) : null}
        {placing ? 'Placing your order…' : 'Place order'}
      </button>
      {blockers.length > 0 && !placing ? (
        <ul className="text-xs text-gray-600">
          {blockers.map((blocker) => (
            <li key={blocker}>{blocker}</li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-gray-600">You pay by card on the next step.</p>
      )}
    </>
  );
}
