import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';

/** The previous / next photo buttons over a photo (the gallery and its full-screen view). */
export function StepButton({
  direction,
  onClick,
  className,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={direction === 'previous' ? 'Previous photo' : 'Next photo'}
      onClick={onClick}
      className={cx(
        'absolute top-1/2 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-gray-950 shadow-sm hover:bg-white',
        focusRing,
        className,
      )}
    >
      {direction === 'previous' ? (
        <ChevronLeftIcon width={18} height={18} strokeWidth={1.8} />
      ) : (
        <ChevronRightIcon width={18} height={18} strokeWidth={1.8} />
      )}
    </button>
  );
}
