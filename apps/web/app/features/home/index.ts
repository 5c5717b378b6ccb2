/**
 * The home pages (decision 0024). What other features may import from this one: they reach it only through this
 * file. Pages and their heavy parts are not named here: the routes import them from their own
 * modules, since a bundle keeps every module an index names wherever the index is imported.
 */
export { featuredCardItem, type HomePageData, type HomeTile, isHomePath, loadOrKeepSkeleton } from './home-data';
export { homeMeta } from './home-seo';
