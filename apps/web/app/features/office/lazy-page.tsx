import { type ComponentType, lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';

/** What a back-office page shows while its code arrives. */
function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading the page" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * A back-office page whose code (forms, their rules, tables) stays out of the route's first load:
 * the staff token lives in the browser, so nothing of the page can be drawn before it runs there
 * anyway. The code is asked for as soon as the route's module runs in a browser.
 */
export function lazyOfficePage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  if (typeof document !== 'undefined') load().catch(() => undefined);
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route module, at its top level, never during a render
  return function OfficePage() {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page />
      </Suspense>
    );
  };
}
