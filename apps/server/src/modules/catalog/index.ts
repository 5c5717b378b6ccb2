/**
 * The catalogue (decisions 0006, 0043, 0044): listings, search, product pages and their cache; the
 * stock that checkout reserves and cancellations release; the back office's catalogue editing and CSV.
 */

export { createCatalogAdmin } from './admin';
export { catalogAdminRoutes } from './admin-routes';
export { createCatalogCsv } from './csv';
export { siblingSkus, skuForExchange } from './exchange';
export { browsingHistoryOf, eraseBrowsingHistory } from './personal-data';
export { specText } from './presenter';
export { catalogRoutes } from './routes';
export {
  type CatalogService,
  categoriesWithDescendants,
  createCatalogService,
  goodsImages,
  ON_SALE,
  PRODUCT_NOT_FOUND,
  skuForPricing,
} from './service';
export { lowStock, releaseStock, reserveStock, type StockChange, type StockLine } from './stock';
