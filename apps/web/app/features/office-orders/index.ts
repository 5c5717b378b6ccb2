/**
 * The back office's orders area: the order list and page, shipping, cancelling and refunding,
 * returns and their moves, packing slips. What other office areas use of it.
 */
export { RETURNS_PATH } from './return-actions';
