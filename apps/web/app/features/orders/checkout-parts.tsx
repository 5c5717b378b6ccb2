import { Messages } from '@shop/contracts';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../lib/cx';
import { CheckoutSteps } from './checkout-steps';
import { BreakdownSkeleton, LinesSkeleton, primaryAction, secondaryAction } from './order-parts';

/** The frames of the checkout page: its heading and steps, its numbered sections, and its states before the bag is shown. */

/** One numbered step of the checkout (the bag, the address, the shipping method, the coupon, the points). */
export function Section({ title, step, children }: { title: string; step?: number; children: ReactNode }) {
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

/** The page while the bag loads: the lines and the summary drawn as grey blocks. */
export function CheckoutSkeleton() {
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

/** An empty bag, with the way back to the shop. */
export function EmptyBag() {
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
export function SignInFirst() {
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

/** The page's heading and its steps around each state of the checkout. */
export function CheckoutFrame({
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
