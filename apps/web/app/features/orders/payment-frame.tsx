import { type ReactNode, useId } from 'react';
import { CheckoutSteps } from './checkout-steps';
import { BreakdownSkeleton, LinesSkeleton } from './order-parts';

/**
 * The payment step's heading and steps around its content, and its loading state: the page shows
 * them while the step itself (payment-step.tsx, with the card form) loads.
 */
export function PaymentFrame({ children }: { children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h1 id={headingId} className="font-display text-3xl text-gray-950 md:text-4xl">
          Payment
        </h1>
        <CheckoutSteps current={3} />
      </header>
      {children}
    </section>
  );
}

export function PaymentSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
      <span role="status" className="sr-only">
        Loading your order
      </span>
      <div className="rounded-lg border border-gray-200 p-6">
        <LinesSkeleton count={3} />
      </div>
      <div className="rounded-lg border border-gray-200 p-6">
        <BreakdownSkeleton />
      </div>
    </div>
  );
}
