/**
 * Reviews from verified buyers (decisions 0041, 0054): writing, moderation, likes and replies, and
 * what a return reads of a line's review.
 */
export { ownUploads, reviewsOfLines } from './for-returns';
export { eraseReviewsOf, reviewsOf } from './personal-data';
export { reviewRoutes } from './routes';
export { createReviewService } from './service';
