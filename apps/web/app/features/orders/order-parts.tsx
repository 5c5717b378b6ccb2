import { variantText } from '@shop/contracts/cart-rules';
import type { TDiscountLine, TOrderAddress, TOrderBreakdown, TOrderLine } from '@shop/contracts/orders';
import { OrderStatus, orderStatusLabel } from '@shop/contracts/orders-rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Price } from '../../components/product/price';
import { ProductImage } from '../../components/product/product-image';
import { PhoneNumber } from '../../components/ui/phone-number';
import { Skeleton } from '../../components/ui/skeleton';
import { cx, focusRing } from '../../lib/cx';
import { productPath } from '../../lib/seo';

/** The pieces every order page shows the same way: status, lines, address, price breakdown, times. */

export const primaryAction = cx(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600',
  focusRing,
);
export const secondaryAction = cx(
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-gray-300 bg-white px-6 text-sm font-semibold text-gray-950 hover:border-gray-950 disabled:cursor-not-allowed disabled:text-gray-500',
  focusRing,
);

/** A status tab of a list page (MyOrder's statuses): underlined when chosen. */
export const tabClass = cx(
  'min-h-11 shrink-0 whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-semibold text-gray-600 hover:text-gray-950 data-[state=active]:border-gray-900 data-[state=active]:text-gray-950',
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900',
);

/** 'Jun 5, 2030, 3:04 PM' in the shopper's time zone. */
export const orderTime = (epochMs: number) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(epochMs));

export function OrderTime({ at, className }: { at: number; className?: string }) {
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {orderTime(at)}
    </time>
  );
}

const statusTone: Record<number, string> = {
  [OrderStatus.PendingPayment]: 'bg-amber-50 text-amber-900 ring-amber-300',
  [OrderStatus.PendingShipment]: 'bg-sky-50 text-sky-900 ring-sky-300',
  [OrderStatus.Shipped]: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  [OrderStatus.Completed]: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  [OrderStatus.CompletedEvaluated]: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  [OrderStatus.Cancelled]: 'bg-gray-100 text-gray-800 ring-gray-300',
  [OrderStatus.Refunded]: 'bg-rose-50 text-rose-900 ring-rose-300',
};

/** spec 4: the status code's label, in a pill coloured by how far the order has come. */
export function OrderStatusBadge({ status, className }: { status: number; className?: string }) {
  return (
    <span
      data-testid="order-status"
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        statusTone[status] ?? 'bg-gray-100 text-gray-800 ring-gray-300',
        className,
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}

/** A product photo in an order, or an empty frame when the product had none. */
export function LinePhoto({ image, className }: { image: string; className?: string }) {
  return (
    <div className={cx('relative shrink-0 overflow-hidden rounded bg-gray-100', className)}>
      {image ? (
        <ProductImage url={image} alt="" width={600} height={800} sizes="80px" className="absolute inset-0 size-full" />
      ) : null}
    </div>
  );
}

/** One line as sold (or as priced now, at checkout): photo, name, colour and size, unit price × number, total. */
export function OrderLineRow({ line, actions }: { line: TOrderLine; actions?: ReactNode }) {
  const variant = variantText(line.sku_text);
  const reduced = line.origin_price > line.unit_price;
  return (
    <li className="flex gap-3 py-4 sm:gap-4">
      <LinePhoto image={line.image} className="h-[107px] w-20" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <Link
          to={productPath(line.goods_url)}
          className={cx('line-clamp-2 font-medium text-gray-950 underline-offset-4 hover:underline', focusRing)}
        >
          {line.goods_name}
        </Link>
        {variant ? <p className="text-gray-700">{variant}</p> : null}
        <p className="flex flex-wrap items-baseline gap-x-2 text-gray-700">
          <span className="sr-only">Unit price:</span>
          <Price usd={line.unit_price} className={reduced ? 'text-sale' : 'text-gray-950'} />
          {reduced ? (
            <s className="text-xs text-gray-600">
              <span className="sr-only">Original price:</span>
              <Price usd={line.origin_price} />
            </s>
          ) : null}
          <span aria-hidden="true">×</span>
          <span>
            <span className="sr-only">Quantity:</span> {line.num}
          </span>
        </p>
        {actions}
      </div>
      <p className="shrink-0 text-sm font-semibold text-gray-950">
        <span className="sr-only">Line total:</span>
        <Price usd={line.total} />
      </p>
    </li>
  );
}

/** The address an order ships to, as a postal label. */
export function AddressBlock({ address, className }: { address: TOrderAddress; className?: string }) {
  const region = [address.city, address.state, address.postcode].filter(Boolean).join(', ');
  return (
    <address className={cx('text-sm leading-6 text-gray-800 not-italic', className)}>
      <span className="block font-semibold text-gray-950">
        {address.first_name} {address.last_name}
      </span>
      <span className="block">{address.address1}</span>
      {address.address2 ? <span className="block">{address.address2}</span> : null}
      <span className="block">{region}</span>
      <span className="block">{countryName(address.country)}</span>
      <span className="block">
        <PhoneNumber value={address.phone} />
      </span>
    </address>
  );
}

/** 'US' → 'United States', in English (the shop's language); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function BreakdownRow({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={cx('flex items-baseline justify-between gap-4', strong ? 'border-t border-gray-200 pt-3' : undefined)}>
      <dt className={strong ? 'text-base font-semibold text-gray-950' : 'text-gray-700'}>{label}</dt>
      <dd className={strong ? 'text-lg font-semibold text-gray-950' : 'text-gray-950'}>{children}</dd>
    </div>
  );
}

const Minus = ({ usd }: { usd: number }) => (
  <span className="text-sale">
    <span aria-hidden="true">−</span>
    <span className="sr-only">minus </span>
    <Price usd={usd} />
  </span>
);

/**
 * The server's price breakdown (issue: goods, discount, shipping, surcharges, insurance, customs,
 * coupon, points, total), each amount in the shopper's currency. Nothing is added up here: every
 * figure, the total included, is the server's. Lines that do not apply (zero) are left out, except
 * shipping, which says Free. `discounts` (the checkout preview's) name the coupon applied.
 */
export function Breakdown({
  breakdown,
  discounts,
  className,
}: {
  breakdown: TOrderBreakdown;
  discounts?: readonly TDiscountLine[];
  className?: string;
}) {
  const couponLabel = discounts?.find((line) => line.code === 'coupon')?.label ?? 'Coupon';
  return (
    <dl data-testid="order-breakdown" className={cx('flex flex-col gap-2 text-sm', className)}>
      <BreakdownRow label="Subtotal">
        <Price usd={breakdown.goods_amount} />
      </BreakdownRow>
      {breakdown.discount_amount > 0 ? (
        <BreakdownRow label="Discount">
          <Minus usd={breakdown.discount_amount} />
        </BreakdownRow>
      ) : null}
      {breakdown.coupon_amount > 0 ? (
        <BreakdownRow label={couponLabel}>
          <Minus usd={breakdown.coupon_amount} />
        </BreakdownRow>
      ) : null}
      {breakdown.points_amount > 0 ? (
        <BreakdownRow label={`Points (${breakdown.points_used})`}>
          <Minus usd={breakdown.points_amount} />
        </BreakdownRow>
      ) : null}
      <BreakdownRow label="Shipping">
        {breakdown.shipping_amount > 0 ? <Price usd={breakdown.shipping_amount} /> : 'Free'}
      </BreakdownRow>
      {breakdown.surcharges.map((surcharge) => (
        <BreakdownRow key={surcharge.code} label={surcharge.label}>
          <Price usd={surcharge.amount} />
        </BreakdownRow>
      ))}
      {breakdown.surcharges.length === 0 && breakdown.surcharge_amount > 0 ? (
        <BreakdownRow label="Surcharge">
          <Price usd={breakdown.surcharge_amount} />
        </BreakdownRow>
      ) : null}
      {breakdown.insurance_amount > 0 ? (
        <BreakdownRow label="Shipping insurance">
          <Price usd={breakdown.insurance_amount} />
        </BreakdownRow>
      ) : null}
      {breakdown.customs_amount > 0 ? (
        <BreakdownRow label="Customs duty">
          <Price usd={breakdown.customs_amount} />
        </BreakdownRow>
      ) : null}
      <BreakdownRow label="Total" strong>
        <span data-testid="order-total">
          <Price usd={breakdown.pay_price} />
        </span>
      </BreakdownRow>
    </dl>
  );
}

/** A breakdown's placeholder while the server prices the order. */
export function BreakdownSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex justify-between">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
      <div className="flex justify-between border-t border-gray-200 pt-3">
        <Skeleton className="h-5 w-16" />
        <Skeleton className="h-5 w-20" />
      </div>
    </div>
  );
}

/** Order lines' placeholder. */
export function LinesSkeleton({ count = 2 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-gray-100">
      {Array.from({ length: count }, (_, at) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of identical blocks
        <li key={at} className="flex gap-4 py-4">
          <Skeleton className="h-[107px] w-20 shrink-0" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-4 w-1/4" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An error box with its heading, a line of advice and a way to try again. */
export function LoadFailed({ title, onRetry, children }: { title: string; onRetry?: () => void; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-2 text-sm text-red-800">{children ?? 'Check your connection and try again.'}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={cx(primaryAction, 'mt-4')}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
