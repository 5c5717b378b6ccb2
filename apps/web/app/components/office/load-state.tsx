import type { ReactNode } from 'react';
import type { Load } from '../../lib/use-load';
import { Button } from '../ui/button';

/** A request that failed: its words as an alert, and a button that asks again. */
export function LoadFailed({
  text,
  retry,
  className,
  buttonClassName = 'mt-2',
}: {
  text: string;
  retry: () => void;
  className?: string;
  /** the button's margin below the words */
  buttonClassName?: string;
}) {
  return (
    <div className={className}>
      <p role="alert" className="text-red-800">
        {text}
      </p>
      <Button variant="secondary" onClick={retry} className={buttonClassName}>
        Try again
      </Button>
    </div>
  );
}

/**
 * What a back-office panel shows for its request: a status line while it loads, an alert with a
 * retry when it failed (or found nothing), and `children` with the value once it is there.
 *
 * ```tsx
 * <Loaded load={load} retry={retry} loading="Loading the hours…" failed="The hours could not be loaded." className="mt-3">
 *   {(hours) => <HoursForm initial={hours} />}
 * </Loaded>
 * ```
 */
export function Loaded<T>({
  load,
  retry,
  loading,
  failed,
  className,
  children,
}: {
  load: Load<T>;
  retry: () => void;
  loading: string;
  failed: string;
  /** the margin of the loading and failed lines */
  className?: string;
  children: (value: T) => ReactNode;
}) {
  if (load.status === 'loading')
    return (
      <p role="status" className={`${className ?? ''} text-gray-600`.trim()}>
        {loading}
      </p>
    );
  if (load.status !== 'ready') return <LoadFailed text={failed} retry={retry} className={className} />;
  return <>{children(load.value)}</>;
}
