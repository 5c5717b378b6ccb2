/**
 * The back office's catalogue without zod (paths, limits, texts, the CSV columns), so the office
 * pages stay light; catalog-admin.ts has the schemas (decision 0043).
 */

export const CatalogAdminPaths = {
  products: '/admin/catalog/products',
  product: (id: number | string) => `/admin/catalog/products/${id}`,
  save: '/admin/catalog/products/save',
  upload: '/admin/catalog/images/upload',
  stock: '/admin/catalog/stock',
  categories: '/admin/catalog/categories',
  categoryAdd: '/admin/catalog/categories/add',
  categoryRename: '/admin/catalog/categories/rename',
  categoryMove: '/admin/catalog/categories/move',
  exportProducts: '/admin/catalog/export/products',
  exportStock: '/admin/catalog/export/stock',
  importProducts: '/admin/catalog/import/products',
  importStock: '/admin/catalog/import/stock',
} as const;

/** How the product list can be narrowed by visibility: shown is on sale, hidden is not. */
export const PRODUCT_VISIBILITIES = ['all', 'shown', 'hidden'] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];

export const PRODUCT_SORTS = ['newest', 'oldest', 'name', 'price_asc', 'price_desc', 'stock_asc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A–Z',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
  stock_asc: 'Stock, lowest first',
};

export const PRODUCT_PAGE_SIZE_DEFAULT = 20;
export const PRODUCT_PAGE_SIZE_MAX = 100;
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_URL_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5_000;
/** SKUs of one product (colours × sizes) and pictures of one product. */
export const PRODUCT_SKUS_MAX = 200;
export const PRODUCT_IMAGES_MAX = 20;
export const COLOR_NAME_MAX = 40;
export const SIZE_NAME_MAX = 20;
export const IMAGE_ALT_MAX = 200;
export const STOCK_MAX = 1_000_000;
/** Prices in US dollars, like every amount of the API. */
export const PRICE_MAX = 100_000;
export const CATEGORY_NAME_MAX = 60;
/** A picture as sent (before base64) and the width it is kept at. */
export const CATALOG_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOG_PHOTO_WIDTH = 1600;
/** Where uploaded catalogue pictures are kept, below /media. */
export const CATALOG_PHOTO_FOLDER = 'catalog';
/** A CSV import: its size and rows at most. */
export const CSV_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const CSV_IMPORT_ROWS_MAX = 50_000;

/** A url slug: lower-case letters and digits in words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_URL_MAX)
    .replace(/-+$/g, '');

/** The products CSV: one row per SKU; rows of one product share its goods_id (or, new, its url). */
export const PRODUCT_CSV_COLUMNS = [
  'goods_id',
  'url',
  'name',
  'category_id',
  'visible',
  'price',
  'sale_price',
  'description',
  'sku_id',
  'color',
  'size',
  'sku_price',
  'stock',
] as const;
/** The stock CSV: one row per SKU; only sku_id and stock are read back, the rest is for people. */
export const STOCK_CSV_COLUMNS = ['sku_id', 'goods_id', 'name', 'color', 'size', 'stock'] as const;

export const CatalogAdminMessages = {
  saved: 'Product saved',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  urlTaken: 'Another product already has this address',
  categoryUrlTaken: 'Another category already has this address',
  skuNotFound: 'SKU not found',
  skuNotOfProduct: 'This SKU belongs to another product',
  duplicateSku: 'Each colour and size may appear once',
  saleNotBelowPrice: 'The sale price must be below the price',
  imageUnknown: 'This picture was not uploaded here',
  notAPhoto: 'Please choose a JPEG, PNG, WebP, GIF or AVIF picture',
  photoTooLarge: 'The picture is too large (10 MB at most)',
  uploaded: 'Picture uploaded',
  stockSaved: 'Stock saved',
  stockNeedsPermission: 'Your role does not allow changing stock (it needs stock.edit)',
  categorySaved: 'Category saved',
  moveIntoItself: 'A category cannot be moved under itself or one of its own',
  imported: 'Import finished',
  csvUnreadable: 'The file is not a CSV file this shop can read',
  csvMissingColumns: (columns: string[]) => `The file lacks the columns: ${columns.join(', ')}`,
  csvTooManyRows: `The file has more than ${CSV_IMPORT_ROWS_MAX} rows`,
} as const;
