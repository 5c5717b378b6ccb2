/**
 * The shopper's returns, refunds and exchanges (decision 0047, pages: decision 0049). What other
 * features may import from this one: they reach it only through this file. The pages are not
 * named here: their routes import them from their own modules.
 */
export { ReturnPages } from '@shop/contracts/return-rules';
