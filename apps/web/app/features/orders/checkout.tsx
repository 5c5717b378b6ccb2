import { CODE_OK, Messages } from '@shop/contracts';
import type { TCartItem } from '@shop/contracts/cart';
import type { TOrderPreviewRequest, TShippingOption } from '@shop/contracts/orders';
import {
  DEFAULT_SHIPPING_METHOD,
  SHIPPING_METHOD_INFO,
  SHIPPING_METHODS,
  type TShippingMethod,
} from '@shop/contracts/orders-rules';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Price } from '../../components/product/price';
import { Skeleton } from '../../components/ui/skeleton';
import { NetworkFailure } from '../../lib/api';
import { useCurrency } from '../../lib/currency';
import { cx } from '../../lib/cx';
import { useHydrated } from '../../lib/forms';
import { useUserToken } from '../../lib/session';
import { useCart } from '../cart';
import { createAttemptKeys } from './attempt-key';
import { BagLines } from './bag-lines';
import { CheckoutAddress } from './checkout-address';
import { CheckoutSteps } from './checkout-steps';
import { payPath } from './order-actions';
import { createOrder } from './order-api';
import {
  Breakdown,
  BreakdownSkeleton,
  focusRing,
  LinesSkeleton,
  LoadFailed,
  primaryAction,
  secondaryAction,
} from './order-parts';
import { useOrderPreview } from './use-preview';

// The coupons and points are drawn once the shopper is signed in, below the address: their code
// (and the coupon ticket's) loads then, not with the page.
const savings = () => import('./checkout-savings');
const CouponChoice = lazy(() => savings().then((module) => ({ default: module.CouponChoice })));
const PointsField = lazy(() => savings().then((module) => ({ default: module.PointsField })));

function Section({ title, step, children }: { title: string; step?: number; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 p-4 sm:p-6">
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-gray-950">
        {step ? (
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-gray-900 text-sm text-white"
          >
            {step}
          </span>
        ) : null}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The shipping methods, with what each costs for this order once the server has priced it. */
function ShippingMethods({
  value,
  onChange,
  options,
}: {
  value: TShippingMethod;
  onChange: (method: TShippingMethod) => void;
  options: readonly TShippingOption[] | null;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Shipping method</legend>
      <div className="flex flex-col gap-3">
        {SHIPPING_METHODS.map((method) => {
          const info = SHIPPING_METHOD_INFO[method];
          const priced = options?.find((option) => option.method === method);
          return (
            <label
              key={method}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gray-900',
                value === method ? 'border-gray-900 bg-gray-50' : 'border-gray-300 hover:border-gray-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
                className="size-4 accent-gray-900"
              />
              <span className="flex-1">
                <span className="block font-semibold text-gray-950">{priced?.label ?? info.label}</span>
                <span className="block text-gray-700">{priced?.days ?? info.days}</span>
              </span>
              <span className="font-semibold text-gray-950">
                {priced ? priced.amount > 0 ? <Price usd={priced.amount} /> : 'Free' : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
      <span role="status" className="sr-only">
        Loading your bag
      </span>
      <div className="rounded-lg border border-gray-200 p-6">
        <Skeleton className="h-6 w-40" />
        <LinesSkeleton />
      </div>
      <div className="rounded-lg border border-gray-200 p-6">
        <BreakdownSkeleton />
        <Skeleton className="mt-6 h-12 w-full rounded-full" />
      </div>
    </div>
  );
}

function EmptyBag() {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
      <p className="text-lg font-medium text-gray-900">{Messages.emptyBag}</p>
      <p className="mt-2 text-sm text-gray-700">The items you add to your bag appear here.</p>
      <Link to="/" className={cx(primaryAction, 'mt-6 px-8')}>
        Continue shopping
      </Link>
    </div>
  );
}

/** What a guest sees where the address and payment would be: sign in first; the bag stays. */
function SignInFirst() {
  return (
    <Section title="Sign in to check out">
      <p className="text-sm text-gray-700">
        Your bag is kept in this browser. When you sign in, its items are added to your account’s bag and you can choose where to
        send them.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to="/login?redirect=%2Forder" className={primaryAction}>
          Sign in
        </Link>
        <Link to="/login?tab=register&redirect=%2Forder" className={secondaryAction}>
          Create an account
        </Link>
      </div>
    </Section>
  );
}

type PlaceError = { text: string } | null;

/**
 * /order without an order id (spec 2 "view cart and checkout"): the bag's lines with their steppers,
 * the address (chosen from the shopper's or typed in), the shipping method, and the server's price
 * breakdown, asked for again after every change. 'Place order' creates the order with an
 * Idempotency-Key kept across double clicks and retries of the same attempt, then opens its payment.
 */
export function Checkout() {
  const hydrated = useHydrated();
  const token = useUserToken();
  const signedIn = hydrated && Boolean(token);
  const cart = useCart();
  const currency = useCurrency();
  const navigate = useNavigate();
  const headingId = useId();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [method, setMethod] = useState<TShippingMethod>(DEFAULT_SHIPPING_METHOD);
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<PlaceError>(null);
  const [couponId, setCouponId] = useState<number | null>(null);
  const [couponNote, setCouponNote] = useState('');
  const [couponsVersion, setCouponsVersion] = useState(0);
  // the points sent (0 for none); null while what the shopper typed is not a number the order takes
  const [points, setPoints] = useState<number | null>(0);
  const [pointsNote, setPointsNote] = useState('');
  const keys = useRef(createAttemptKeys()).current;
  const errorRef = useRef<HTMLDivElement>(null);

  const shopperItems: readonly TCartItem[] = cart.owner === 'shopper' ? cart.items : [];
  const cartIds = useMemo(() => shopperItems.map((item) => item.id), [shopperItems]);
  // the quantities and prices are the server's; a change in them asks for a new breakdown
  const revision = shopperItems.map((item) => `${item.id}x${item.num}`).join(',');
  const previewRequest: TOrderPreviewRequest | null =
    signedIn && cart.status === 'ready' && cartIds.length > 0
      ? {
          cart_ids: cartIds,
          shipping_method: method,
          ...(addressId ? { address_id: addressId } : {}),
          ...(couponId !== null ? { coupon_id: couponId } : {}),
          ...(points ? { points } : {}),
        }
      : null;
  const preview = useOrderPreview(previewRequest, revision);
  const priced = preview.preview;
  const problems = priced?.problems ?? [];
  // the points field keeps what the shopper typed while a breakdown is refused or retried
  const lastPriced = useRef(priced);
  if (priced) lastPriced.current = priced;
  const pointsFigures = priced ?? lastPriced.current;

  const chooseCoupon = useCallback((id: number | null, why = '') => {
    setCouponId(id);
    setCouponNote(why);
  }, []);
  const choosePoints = useCallback((next: number | null) => {
    setPoints(next);
    setPointsNote('');
  }, []);

  // The server refused the coupon (another order took it) or the points (beyond what the order now
  // takes, after a coupon was chosen): they come off, the server's words stay beside the field, and
  // the coupons are asked for again.
  const refusedCoupon = preview.status === 'failed' ? preview.fields.coupon_id : undefined;
  const refusedPoints = preview.status === 'failed' ? preview.fields.points : undefined;
  useEffect(() => {
    if (refusedCoupon) {
      chooseCoupon(null, refusedCoupon);
      setCouponsVersion((version) => version + 1);
    }
  }, [refusedCoupon, chooseCoupon]);
  useEffect(() => {
    if (refusedPoints) {
      setPoints(0);
      setPointsNote(refusedPoints);
    }
  }, [refusedPoints]);

  const blockers: string[] = [];
  if (!addressId) blockers.push('Choose or add a shipping address.');
  if (preview.status === 'failed' && !refusedCoupon && !refusedPoints) {
    blockers.push(preview.message || 'The prices could not be worked out. Please try again.');
  }
  if (points === null) blockers.push('Check the points to use.');

  const canPlace =
    signedIn &&
    !placing &&
    addressId !== null &&
    points !== null &&
    priced !== null &&
    !preview.stale &&
    problems.length === 0 &&
    preview.status === 'ready';

  const showError = (text: string) => {
    setPlaceError({ text });
    window.requestAnimationFrame(() => errorRef.current?.focus());
  };

  const placeOrder = async () => {
    if (!canPlace || addressId === null || points === null) return;
    setPlacing(true);
    setPlaceError(null);
    try {
      const envelope = await createOrder(
        {
          address_id: addressId,
          cart_ids: cartIds,
          shipping_method: method,
          currency_code: currency.currency_code,
          ...(couponId !== null ? { coupon_id: couponId } : {}),
          ...(points ? { points } : {}),
        },
        keys,
      );
      if (envelope.code === CODE_OK && envelope.result) {
        // the bought lines left the bag on the server
        void cart.refresh();
        navigate(payPath(envelope.result.id));
        return;
      }
      if (envelope.code !== 401) {
        showError(envelope.msg || 'Your order could not be placed. Please try again.');
        // stock, prices or the coupon may have moved: show the bag, the coupons and the breakdown as they are now
        void cart.refresh();
        setCouponsVersion((version) => version + 1);
        preview.retry();
      }
    } catch (error) {
      if (error instanceof NetworkFailure) {
        showError('We did not hear back about your order. Press Place order again: you will not get a second order.');
      }
    } finally {
      setPlacing(false);
    }
  };

  if (!hydrated || (cart.loading && cart.items.length === 0)) {
    return (
      <Frame headingId={headingId} step={1}>
        <CheckoutSkeleton />
      </Frame>
    );
  }
  if (cart.status === 'failed' && cart.items.length === 0) {
    return (
      <Frame headingId={headingId} step={1}>
        <LoadFailed title="We couldn’t load your bag" onRetry={() => void cart.refresh()} />
      </Frame>
    );
  }
  if (cart.items.length === 0) {
    return (
      <Frame headingId={headingId} step={1}>
        <EmptyBag />
      </Frame>
    );
  }

  return (
    <Frame headingId={headingId} step={signedIn ? 2 : 1} count={cart.pieces}>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_360px]">
        <div className="flex flex-col gap-6">
          <Section title="Your bag" step={1}>
            <BagLines items={cart.items} actions={{ update: cart.update, remove: cart.remove }} />
          </Section>
          {signedIn ? (
            <>
              <Section title="Shipping address" step={2}>
                <CheckoutAddress selectedId={addressId} onSelect={setAddressId} />
              </Section>
              <Section title="Shipping method" step={3}>
                <ShippingMethods value={method} onChange={setMethod} options={priced?.shipping_options ?? null} />
              </Section>
              <Section title="Coupon" step={4}>
                <Suspense fallback={<Skeleton className="h-14 w-full" />}>
                  <CouponChoice
                    cartIds={cartIds}
                    revision={revision}
                    version={couponsVersion}
                    selectedId={couponId}
                    onSelect={chooseCoupon}
                    refusal={couponNote}
                  />
                </Suspense>
              </Section>
              <Section title="Points" step={5}>
                {pointsFigures ? (
                  <Suspense fallback={<Skeleton className="h-11 w-full max-w-sm" />}>
                    <PointsField
                      available={pointsFigures.points_available}
                      max={pointsFigures.points_max}
                      onChange={choosePoints}
                      refusal={pointsNote}
                    />
                  </Suspense>
                ) : (
                  <Skeleton className="h-11 w-full max-w-sm" />
                )}
              </Section>
            </>
          ) : (
            <SignInFirst />
          )}
        </div>

        <aside
          aria-label="Order summary"
          className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4 sm:p-6 lg:sticky lg:top-24"
        >
          <h2 className="text-lg font-semibold text-gray-950">Order summary</h2>
          {!signedIn ? (
            <p className="text-sm text-gray-700">
              {cart.pieces === 1 ? '1 item' : `${cart.pieces} items`} in your bag. Sign in to see shipping and your total.
            </p>
          ) : priced ? (
            <div aria-busy={preview.stale || undefined} className={preview.stale ? 'opacity-60 transition-opacity' : undefined}>
              <Breakdown breakdown={priced.breakdown} discounts={priced.discounts} />
            </div>
          ) : preview.status === 'failed' ? (
            <LoadFailed title="We couldn’t work out your total" onRetry={preview.retry}>
              {preview.message || 'Check your connection and try again.'}
            </LoadFailed>
          ) : (
            <>
              <span role="status" className="sr-only">
                Working out your total
              </span>
              <BreakdownSkeleton />
            </>
          )}

          {signedIn && problems.length > 0 ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-semibold">Before you can place this order</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}

          {placeError ? (
            <div
              ref={errorRef}
              role="alert"
              tabIndex={-1}
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900 outline-none"
            >
              {placeError.text}
            </div>
          ) : null}

          {signedIn ? (
            <>
              <button
                type="button"
                onClick={() => void placeOrder()}
                disabled={!canPlace}
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
          ) : (
            <Link to="/login?redirect=%2Forder" className={cx(primaryAction, 'min-h-12 w-full')}>
              Sign in to check out
            </Link>
          )}
          <Link to="/" className={cx('self-center text-sm font-semibold underline underline-offset-4', focusRing)}>
            Continue shopping
          </Link>
        </aside>
      </div>
    </Frame>
  );
}

/** The page's heading and its steps around each state of the checkout. */
function Frame({
  headingId,
  step,
  count,
  children,
}: {
  headingId: string;
  step: 1 | 2 | 3;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h1 id={headingId} className="font-display text-3xl text-gray-950 md:text-4xl">
          Shopping bag
          {count ? (
            <span className="ml-2 align-middle font-sans text-base text-gray-600">
              ({count === 1 ? '1 item' : `${count} items`})
            </span>
          ) : null}
        </h1>
        <CheckoutSteps current={step} />
      </header>
      {children}
    </section>
  );
}
