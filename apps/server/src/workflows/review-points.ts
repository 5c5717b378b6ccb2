import type { EventSubscriber } from '../infra/events';
import { creditReviewPoints, withdrawReviewPoints } from '../modules/users';

/**
 * The points for reviewing (decision 0041): a published review earns REVIEW_POINTS whatever its
 * stars, once per review (the ledger's unique source); a review staff reject gives them back.
 */
export function createReviewPointsSubscriber(): EventSubscriber {
  return {
    name: 'review-points',
    handles: ['review.published', 'review.rejected'],
    async handle(event, trx) {
      if (event.type === 'review.published') {
        await creditReviewPoints(trx, {
          userId: event.payload.user_id,
          reviewId: event.payload.review_id,
          at: event.occurred_at,
        });
      } else if (event.type === 'review.rejected') {
        await withdrawReviewPoints(trx, {
          userId: event.payload.user_id,
          reviewId: event.payload.review_id,
          at: event.occurred_at,
        });
      }
    },
  };
}
