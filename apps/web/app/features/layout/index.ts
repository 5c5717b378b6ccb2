/**
 * The page frame (header, footer, menus) and where the storefront's links point (decision 0024). What other features may import from this one: they reach it only through this
 * file. Pages and their heavy parts are not named here: the routes import them from their own
 * modules, since a bundle keeps every module an index names wherever the index is imported.
 */
export { categoryHomeHref, categoryUrlFromPage, classifyHref, HOME_LOGO_HREF, SEARCH_PATH } from './links';
export { NotFound } from './not-found';
export type { CategoryNode } from './types';
export { useRememberTopCategory, useRootCategories } from './use-categories';
