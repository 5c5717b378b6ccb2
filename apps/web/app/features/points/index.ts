/**
 * Points and referrals in the account area (decisions 0032, 0033). What other features may import
 * from this one: they reach it only through this file. The pages are not named here: the routes
 * import them from their own modules.
 */
export { PointsPages } from '@shop/contracts/points-rules';
/** The account pages' heading, loading/failed states and empty state, shared with the other account pages. */
export { EmptyState, formatDay, Loaded, linkClass, PageHeader } from './parts';
