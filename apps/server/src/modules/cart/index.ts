/**
 * The shopper's bag: its routes and service, and checkout's reading and taking of its lines.
 */
export { cartOf, eraseCart } from './personal-data';
export { cartRoutes } from './routes';
export { type CartService, cartLinesForCheckout, createCartService, takeCartLines } from './service';
