import { Skeleton } from '../../components/ui/skeleton';

/** Three coupon tickets' placeholders, announced once as `label`. */
export function CouponsSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        {label}
      </span>
      {[0, 1, 2].map((card) => (
        <div key={card} aria-hidden="true" className="flex overflow-hidden rounded-lg border border-gray-200">
          <Skeleton className="h-28 w-24 rounded-none sm:w-32" />
          <div className="flex flex-1 flex-col gap-2 p-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
