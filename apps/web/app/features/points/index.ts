/**
 * Points and referrals in the account area (decisions 0032, 0033). What other features may import
 * from this one: they reach it only through this file. The pages are not named here: the routes
 * import them from their own modules.
 */
export { PointsPages } from '@shop/contracts/points-rules';
/** The account pages' frame (heading, loading and failure states, empty state, paging and dates), shared with the inbox. */
export { EmptyState, formatDay, Loaded, linkClass, PageHeader, pageOf } from './parts';
