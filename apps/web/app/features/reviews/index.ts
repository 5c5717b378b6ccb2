/**
 * Reviews from verified buyers (decision 0041). What other features may import from this one: they
 * reach it only through this file. The pages are not named here: the routes import them from their
 * own modules.
 */
export { ReviewPaths } from '@shop/contracts/review-rules';
/** The photos of a form, uploaded one by one with their progress (reviews, return requests). */
export { type Photo, PhotoPicker, usePhotos } from './photo-picker';
