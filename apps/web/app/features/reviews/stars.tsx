import { REVIEW_RATING_MAX } from '@shop/contracts/review-rules';

/** Stars drawn as text (★ filled, ☆ empty), with the rating said in words for screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const whole = Math.round(rating);
  return (
    <span className={className} role="img" aria-label={`${rating} out of ${REVIEW_RATING_MAX} stars`}>
      <span aria-hidden="true" className="text-amber-600">
        {'★'.repeat(whole)}
      </span>
      <span aria-hidden="true" className="text-gray-300">
        {'☆'.repeat(REVIEW_RATING_MAX - whole)}
      </span>
    </span>
  );
}
