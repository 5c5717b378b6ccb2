import { CheckIcon } from '../../components/ui/icons';
import { cx } from '../../lib/cx';

const STEPS = ['Bag', 'Delivery', 'Payment'] as const;

/** Where the shopper is in the checkout: the bag, the delivery details, the payment. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol aria-label="Checkout steps" className="flex items-center gap-2 text-sm">
      {STEPS.map((label, index) => {
        const step = index + 1;
        const done = step < current;
        const here = step === current;
        return (
          <li key={label} aria-current={here ? 'step' : undefined} className="flex items-center gap-2">
            {index > 0 ? <span aria-hidden="true" className="h-px w-4 bg-gray-300 sm:w-8" /> : null}
            <span
              aria-hidden="true"
              className={cx(
                'flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                done || here ? 'bg-gray-900 text-white' : 'border border-gray-300 text-gray-600',
              )}
            >
              {done ? <CheckIcon width={14} height={14} strokeWidth={2.2} /> : step}
            </span>
            <span className={here ? 'font-semibold text-gray-950' : 'text-gray-600'}>
              {label}
              {done ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
