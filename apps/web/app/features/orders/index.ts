/**
 * Checkout, payment and the shopper's orders (decision 0024). What other features may import from this one: they reach it only through this
 * file. Pages and their heavy parts are not named here: the routes import them from their own
 * modules, since a bundle keeps every module an index names wherever the index is imported.
 */
export { ConfirmAction, type ConfirmActionProps } from './confirm-action';
export { orderIdFrom } from './order-api';
export { LoadFailed, primaryAction, secondaryAction, tabClass } from './order-parts';
export { orderDetailsPath } from './paths';
