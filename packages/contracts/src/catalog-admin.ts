import { z } from 'zod';
import {
  CATEGORY_NAME_MAX,
  CatalogAdminMessages,
  COLOR_NAME_MAX,
  CSV_IMPORT_MAX_BYTES,
  IMAGE_ALT_MAX,
  PRICE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PAGE_SIZE_DEFAULT,
  PRODUCT_PAGE_SIZE_MAX,
  PRODUCT_SKUS_MAX,
  PRODUCT_SORTS,
  PRODUCT_URL_MAX,
  PRODUCT_VISIBILITIES,
  SIZE_NAME_MAX,
  SLUG_PATTERN,
  STOCK_MAX,
} from './catalog-admin-rules';
import { coercedId, id, key, text, wholeNumber } from './fields';

export * from './catalog-admin-rules';

/**
 * The staff catalogue API (decision 0043): products with their colour × size SKUs, stock and
 * pictures, the category tree, and CSV export and import. Amounts are decimal US dollars with 2
 * places (the server keeps integer cents); times are epoch milliseconds.
 */

// ---------------------------------------------------------------- shared field rules

const ZFlag = z.union([z.literal(0), z.literal(1)]);

const price = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be more than 0`)
    .max(PRICE_MAX, `${name} is too large`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${name} must have at most 2 decimals`);

const stock = z
  .number({ error: 'stock must be a number' })
  .int('stock must be a whole number')
  .min(0, 'stock must not be negative')
  .max(STOCK_MAX, `stock must be at most ${STOCK_MAX}`);

const slug = (name: string, max: number) =>
  key(name)
    .max(max, `${name} is too long (${max} characters at most)`)
    .refine((value) => value === '' || SLUG_PATTERN.test(value), `${name} may hold only a-z, 0-9 and single hyphens`);

const ZReason = text({ error: 'reason must be text' })
  .trim()
  .max(500, 'The reason is too long (500 characters at most)')
  .optional();

// ---------------------------------------------------------------- GET /admin/catalog/products

export const ZAdminProductListQuery = z.object({
  q: text({ error: 'q must be text' }).trim().max(100, 'q is too long (100 characters at most)').default(''),
  category_id: coercedId('category_id').optional(),
  visibility: z
    .enum(PRODUCT_VISIBILITIES, { error: `visibility must be one of ${PRODUCT_VISIBILITIES.join(', ')}` })
    .default('all'),
  sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).default('newest'),
  page: wholeNumber('page', 1, 10_000).default(1),
  pagesize: wholeNumber('pagesize', 1, PRODUCT_PAGE_SIZE_MAX).default(PRODUCT_PAGE_SIZE_DEFAULT),
});
export type TAdminProductListQuery = z.input<typeof ZAdminProductListQuery>;

export const ZAdminProductListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  visible: ZFlag,
  /** the lowest price a shopper pays (USD) */
  min_price: z.number(),
  /** every SKU's stock together, and how many SKUs */
  stock: z.number().int(),
  skus: z.number().int(),
  image: z.string(),
  updated_at: z.number().int(),
});
export type TAdminProductListItem = z.infer<typeof ZAdminProductListItem>;
export const ZAdminProductList = z.object({ data: z.array(ZAdminProductListItem), total: z.number().int() });
export type TAdminProductList = z.infer<typeof ZAdminProductList>;

// ---------------------------------------------------------------- a product in the editor

export const ZAdminSku = z.object({
  id: z.number().int(),
  color: z.string(),
  size: z.string(),
  /** this SKU's own price (USD), or null when it sells at the product's */
  price: z.number().nullable(),
  stock: z.number().int(),
});
export type TAdminSku = z.infer<typeof ZAdminSku>;

export const ZAdminImage = z.object({ url: z.string(), alt: z.string() });
export type TAdminImage = z.infer<typeof ZAdminImage>;

export const ZAdminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  category_id: z.number().int(),
  description: z.string(),
  visible: ZFlag,
  /** the regular price (USD) */
  price: z.number(),
  /** the price while on sale, below `price`; null: not on sale */
  sale_price: z.number().nullable(),
  skus: z.array(ZAdminSku),
  images: z.array(ZAdminImage),
  updated_at: z.number().int(),
});
export type TAdminProduct = z.infer<typeof ZAdminProduct>;

export const ZAdminProductParams = z.object({ id: coercedId('id') });

/**
 * POST /admin/catalog/products/save: a new product (no id) or the whole product again. SKUs are
 * matched by id (new ones have none); a SKU left out is removed. Pictures are the product's own or
 * ones just uploaded, in display order. Changing a stock figure needs stock.edit too.
 */
export const ZAdminProductSaveRequest = z
  .object({
    id: id('id').optional(),
    name: text({ error: 'Please give the name' })
      .trim()
      .min(1, 'Please give the name')
      .max(PRODUCT_NAME_MAX, `The name is too long (${PRODUCT_NAME_MAX} characters at most)`),
    /** empty: made from the name */
    url: slug('url', PRODUCT_URL_MAX).default(''),
    category_id: id('category_id', 'Please choose the category'),
    description: text({ error: 'description must be text' })
      .trim()
      .max(PRODUCT_DESCRIPTION_MAX, `The description is too long (${PRODUCT_DESCRIPTION_MAX} characters at most)`)
      .default(''),
    visible: z.union([z.literal(0), z.literal(1)], { error: 'visible must be 1 or 0' }),
    price: price('price'),
    sale_price: price('sale_price').nullable().default(null),
    skus: z
      .array(
        z.object({
          id: id('sku id').optional(),
          color: text({ error: 'Please give the colour' })
            .trim()
            .min(1, 'Please give the colour')
            .max(COLOR_NAME_MAX, `A colour is ${COLOR_NAME_MAX} characters at most`),
          size: text({ error: 'Please give the size' })
            .trim()
            .min(1, 'Please give the size')
            .max(SIZE_NAME_MAX, `A size is ${SIZE_NAME_MAX} characters at most`),
          price: price('SKU price').nullable().default(null),
          stock,
        }),
        { error: 'skus must be a list' },
      )
      .min(1, 'A product needs at least one colour and size')
      .max(PRODUCT_SKUS_MAX, `At most ${PRODUCT_SKUS_MAX} SKUs`),
    images: z
      .array(
        z.object({
          url: key('image url').max(300, 'image url is too long'),
          alt: text({ error: 'alt must be text' })
            .trim()
            .max(IMAGE_ALT_MAX, `Alt text is ${IMAGE_ALT_MAX} characters at most`)
            .default(''),
        }),
        { error: 'images must be a list' },
      )
      .max(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} pictures`)
      .default([]),
    reason: ZReason,
  })
  .superRefine((value, ctx) => {
    if (value.sale_price !== null && value.sale_price >= value.price) {
      ctx.addIssue({ code: 'custom', path: ['sale_price'], message: CatalogAdminMessages.saleNotBelowPrice });
    }
    const seen = new Set<string>();
    for (const sku of value.skus) {
      const pair = `${sku.color.toLowerCase()}\u0000${sku.size.toLowerCase()}`;
      if (seen.has(pair)) ctx.addIssue({ code: 'custom', path: ['skus'], message: CatalogAdminMessages.duplicateSku });
      seen.add(pair);
    }
  });
export type TAdminProductSaveRequest = z.input<typeof ZAdminProductSaveRequest>;

// ---------------------------------------------------------------- pictures and stock

/** POST /admin/catalog/images/upload: a picture as base64 (or a data URL). */
export const ZAdminImageUploadRequest = z.object({
  file: z.string({ error: 'Please choose a picture' }).min(1, 'Please choose a picture'),
});
export const ZAdminUploadedImage = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type TAdminUploadedImage = z.infer<typeof ZAdminUploadedImage>;

/** POST /admin/catalog/stock: new stock figures for SKUs (stock.edit). */
export const ZAdminStockRequest = z.object({
  items: z
    .array(z.object({ sku_id: id('sku_id'), stock }), { error: 'items must be a list' })
    .min(1, 'Please give at least one SKU')
    .max(PRODUCT_SKUS_MAX, `At most ${PRODUCT_SKUS_MAX} SKUs at once`),
  reason: ZReason,
});
export type TAdminStockRequest = z.input<typeof ZAdminStockRequest>;
export const ZAdminStockResult = z.object({ items: z.array(z.object({ sku_id: z.number().int(), stock: z.number().int() })) });

// ---------------------------------------------------------------- categories

export const ZAdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  url: z.string(),
  sort: z.number().int(),
  /** goods directly in it */
  goods: z.number().int(),
});
export type TAdminCategory = z.infer<typeof ZAdminCategory>;
export const ZAdminCategoryList = z.object({ data: z.array(ZAdminCategory) });
export type TAdminCategoryList = z.infer<typeof ZAdminCategoryList>;

const categoryName = text({ error: 'Please give the name' })
  .trim()
  .min(1, 'Please give the name')
  .max(CATEGORY_NAME_MAX, `The name is too long (${CATEGORY_NAME_MAX} characters at most)`);

export const ZAdminCategoryAddRequest = z.object({
  name: categoryName,
  url: slug('url', PRODUCT_URL_MAX).default(''),
  parent_id: id('parent_id').nullable().default(null),
});
export const ZAdminCategoryRenameRequest = z.object({
  id: id('id'),
  name: categoryName,
  url: slug('url', PRODUCT_URL_MAX).default(''),
});
/** Under `parent_id` (null: the top), at `position` among its siblings (0 first; past the end: last). */
export const ZAdminCategoryMoveRequest = z.object({
  id: id('id'),
  parent_id: id('parent_id').nullable(),
  position: z
    .number({ error: 'position must be a number' })
    .int('position must be a whole number')
    .min(0, 'position must not be negative')
    .max(10_000, 'position is too large'),
});

// ---------------------------------------------------------------- CSV

/** POST /admin/catalog/import/{products,stock}: the file's text. */
export const ZAdminCsvImportRequest = z.object({
  csv: z
    .string({ error: 'Please choose a CSV file' })
    .min(1, 'The file is empty')
    .max(CSV_IMPORT_MAX_BYTES, 'The file is too large (8 MB at most)'),
});

export const ZCsvRejection = z.object({
  /** the row's line in the file (the header is row 1) */
  row: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export type TCsvRejection = z.infer<typeof ZCsvRejection>;

export const ZCsvImportReport = z.object({
  rows: z.number().int(),
  applied: z.number().int(),
  rejected: z.array(ZCsvRejection),
  /** products created and changed (the products import) */
  created: z.number().int(),
  updated: z.number().int(),
});
export type TCsvImportReport = z.infer<typeof ZCsvImportReport>;

/** One line of the import's answer while it runs: rows done of all. */
export type TCsvImportProgress = { done: number; total: number };
