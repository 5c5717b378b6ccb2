/**
 * The shopper's favourites, and the catalogue's hearts.
 */
export { eraseWishlist, wishlistOf } from './personal-data';
export { wishlistRoutes } from './routes';
export { createWishlistService } from './service';
