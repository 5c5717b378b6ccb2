/**
 * Currencies, site settings, home pages, help pages, the sitemap and robots.txt (decision 0045).
 */

export { createSiteAdmin } from './admin';
export { siteAdminRoutes } from './admin-routes';
export { siteRoutes } from './routes';
export { createSiteService, orderCurrency } from './service';
