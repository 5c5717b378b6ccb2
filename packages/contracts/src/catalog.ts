import { z } from 'zod';
import { RECENTLY_VIEWED_MAX } from './constants';
import { envelope, listResult } from './envelope';
import { coercedId, id, key, text, wholeNumber } from './fields';

/** spec 3 "Category": id, name, url, icon, children. */
export type TCategory = {
  id: number;
  name: string;
  url: string;
  icon: string;
  image: string;
  children: TCategory[];
};

export const ZCategory: z.ZodType<TCategory> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    icon: z.string(),
    image: z.string(),
    children: z.array(ZCategory),
  }),
);

/** GET /shop/goods/classify: the whole tree, or the subtree under `id`. */
export const ZClassifyQuery = z.object({
  id: coercedId('id').optional(),
});
export const ZClassifyResponse = envelope(z.array(ZCategory));

// ---------------------------------------------------------------- limits

export const LISTING_PAGE_SIZE_DEFAULT = 20;
export const LISTING_PAGE_SIZE_MAX = 100;
/** A page number beyond this is refused rather than turned into a huge offset. */
export const LISTING_PAGE_MAX = 10_000;
/** spec 7: GET /api/hot/goods asks for page=1, pagesize=24. */
export const HOT_GOODS_PAGE_SIZE_DEFAULT = 24;
/** The category home pages show this many best sellers under the sub-category icons. */
export const CATEGORY_HOME_GOODS = 12;
export const SUGGEST_GOODS_MAX = 8;
export const SUGGEST_CATEGORIES_MAX = 4;
export const SEARCH_KEYWORD_MAX_LENGTH = 100;
/** The account keeps this many viewed goods per shopper; older views fall off. */
export const BROWSING_HISTORY_KEPT = 100;
/** A guest's local history (spec 4: the last 10 viewed goods) merged at sign-in. */
export const BROWSING_HISTORY_MERGE_MAX = RECENTLY_VIEWED_MAX;

// ---------------------------------------------------------------- query parameters

/** A whole-number query parameter with a clear message for every way it can be wrong (never clamped). */

const ZPage = wholeNumber('page', 1, LISTING_PAGE_MAX).default(1);
const pageSize = (name: string, fallback: number) => wholeNumber(name, 1, LISTING_PAGE_SIZE_MAX).default(fallback);

/**
 * A category id as the listing URL carries it: "123", or "{url}-{id}" such as "dresses-123"
 * (spec 2: the id is the part after the last dash), with or without a trailing ".html".
 */
export const categoryIdParam = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .regex(/^(?:.*-)?\d{1,9}(?:\.html)?$/, `${name} must be a category id such as 123 or dresses-123`)
    .transform((value) => Number(/(\d+)(?:\.html)?$/.exec(value)?.[1]))
    .pipe(z.number().int().positive(`${name} must be a category id such as 123 or dresses-123`));

/** The listing sorts (spec 7 `type`). */
export const GOODS_SORTS = ['newest', 'price_asc', 'price_desc', 'best_selling'] as const;
export type TGoodsSort = (typeof GOODS_SORTS)[number];
/** Search results also sort by relevance, their default when a keyword is given. */
export const SEARCH_SORTS = [...GOODS_SORTS, 'relevance'] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];

/** Comma-separated attribute value ids ("12,40"); repeated parameters are accepted too. */
const ZAttributeValueIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value.join(',') : (value ?? ''))
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts.some((part) => !/^\d{1,9}$/.test(part)) || parts.length > 200) {
      ctx.addIssue({ code: 'custom', message: 'attribute_value_ids must be comma-separated attribute value ids' });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });

const price = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must not be negative`)
    .max(10_000_000, `${name} is too large`)
    .optional();

const filterShape = {
  page: ZPage,
  page_size: pageSize('page_size', LISTING_PAGE_SIZE_DEFAULT),
  attribute_value_ids: ZAttributeValueIds,
  min_price: price('min_price'),
  max_price: price('max_price'),
};

function priceRangeInOrder(query: { min_price?: number; max_price?: number }, ctx: z.RefinementCtx) {
  if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'max_price must not be below min_price' });
  }
}

/** GET /shop/goods/classifyDetail (spec 7): one category and its descendants, filtered and sorted. */
export const ZClassifyDetailQuery = z
  .object({
    classify_id: categoryIdParam('classify_id'),
    type: z.enum(GOODS_SORTS, { error: `type must be one of ${GOODS_SORTS.join(', ')}` }).default('newest'),
    ...filterShape,
  })
  .superRefine(priceRangeInOrder);
export type TClassifyDetailQuery = z.infer<typeof ZClassifyDetailQuery>;

/** GET /shop/goods (spec 7): search by `name`; an empty name lists every product. */
export const ZGoodsSearchQuery = z
  .object({
    name: text().trim().max(SEARCH_KEYWORD_MAX_LENGTH, 'The search text is too long').optional(),
    type: z.enum(SEARCH_SORTS, { error: `type must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    ...filterShape,
  })
  .superRefine(priceRangeInOrder);
export type TGoodsSearchQuery = z.infer<typeof ZGoodsSearchQuery>;

/** GET /shop/goods/suggest: the header search box's suggestions. */
export const ZSuggestQuery = z.object({
  keyword: text({ error: 'Please enter a keyword' })
    .trim()
    .min(1, 'Please enter a keyword')
    .max(SEARCH_KEYWORD_MAX_LENGTH, 'The search text is too long'),
});

/** GET /shop/goods/detail: by id or by url (the {url} of /product/{url}.html). */
export const ZGoodsDetailQuery = z
  .object({
    id: coercedId('id').optional(),
    url: key('url', { error: 'url must be text' })
      .trim()
      .max(240, 'url is too long')
      .transform((value) => value.replace(/\.html$/, ''))
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.id === undefined && !query.url) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'Give the product id or url' });
    }
  });

/** GET /api/hot/goods (spec 7: page=1, pagesize=24). */
export const ZHotGoodsQuery = z.object({
  page: ZPage,
  pagesize: pageSize('pagesize', HOT_GOODS_PAGE_SIZE_DEFAULT),
});

/** GET /api/get/index/classify (spec 7: main_classify_id). */
export const ZIndexClassifyQuery = z.object({ main_classify_id: categoryIdParam('main_classify_id') });

/** GET /api/recommend/goods: the goods of the /recommend/recommend page. */
export const ZRecommendQuery = z.object({
  page: ZPage,
  page_size: pageSize('page_size', LISTING_PAGE_SIZE_DEFAULT),
});

const ZGoodsId = id('goods_id');

/** POST /shop/goods/addVisit. */
export const ZAddVisitRequest = z.object({ goods_id: ZGoodsId });

/** GET /api/productViewLog/index (spec 7: page, page_size up to 100). */
export const ZViewLogQuery = z.object({
  page: ZPage,
  page_size: pageSize('page_size', LISTING_PAGE_SIZE_DEFAULT),
});

/** POST /api/productViewLog/batchSave: a guest's local history, most recent first. */
export const ZViewLogBatchSaveRequest = z.object({
  goods_ids: z
    .array(ZGoodsId, { error: 'goods_ids must be a list of product ids' })
    .max(BROWSING_HISTORY_MERGE_MAX, `At most ${BROWSING_HISTORY_MERGE_MAX} products at a time`),
});

// ---------------------------------------------------------------- results

/** 1 or 0, as spec 3 writes discount_enabled and is_favorited. */
const ZFlag = z.union([z.literal(0), z.literal(1)]);
/** USD with two decimals (the database keeps cents). */
const ZAmount = z.number();

export const ZCategoryRef = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type TCategoryRef = z.infer<typeof ZCategoryRef>;

/** A colour a product comes in: its attribute value, its picture, and whether any size of it is in stock. */
export const ZSpecColor = z.object({ id: z.number().int(), name: z.string(), image: z.string(), in_stock: ZFlag });
export const ZSpecSize = z.object({ id: z.number().int(), name: z.string(), in_stock: ZFlag });
export const ZSpecData = z.object({ colors: z.array(ZSpecColor), sizes: z.array(ZSpecSize) });
export type TSpecData = z.infer<typeof ZSpecData>;

/**
 * spec 3 "Goods (listing)" plus the carousel's fields: images[0] is the main picture,
 * images[1] the hover picture; `image` and `hoverImage` name them.
 */
/** What a product is everywhere it is shown: a listing card and the product page. */
const ZGoodsCommon = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  min_price: ZAmount,
  max_origin_price: ZAmount,
  discount: z.number().int(),
  discount_enabled: ZFlag,
  images: z.array(z.string()),
  is_favorited: ZFlag,
});

export const ZGoodsListItem = ZGoodsCommon.extend({
  image: z.string(),
  hoverImage: z.string(),
  spec_data: ZSpecData,
});
export type TGoodsListItem = z.infer<typeof ZGoodsListItem>;

/** A facet value: how many goods would match with it and the other dimension's current choice. */
export const ZFacetValue = z.object({ id: z.number().int(), name: z.string(), count: z.number().int() });
export type TFacetValue = z.infer<typeof ZFacetValue>;

/** A listing or search page: the goods, the total, the facets and the price span of the matches. */
export const ZGoodsListing = listResult(ZGoodsListItem).extend({
  page: z.number().int(),
  page_size: z.number().int(),
  facets: z.object({ colors: z.array(ZFacetValue), sizes: z.array(ZFacetValue) }),
  /** the lowest and highest listing price among the matches, the price filter left out; 0 when none match */
  price: z.object({ min: ZAmount, max: ZAmount }),
});
export type TGoodsListing = z.infer<typeof ZGoodsListing>;
export const ZGoodsListingResponse = envelope(ZGoodsListing);

export const ZGoodsPage = listResult(ZGoodsListItem);
export type TGoodsPage = z.infer<typeof ZGoodsPage>;
export const ZGoodsPageResponse = envelope(ZGoodsPage);

export const ZSuggestions = z.object({
  goods: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string(), image: z.string(), min_price: ZAmount })),
  categories: z.array(ZCategoryRef),
});
export type TSuggestions = z.infer<typeof ZSuggestions>;
export const ZSuggestResponse = envelope(ZSuggestions);

/** One SKU; `spec` is the cart's text form, 'Color:Red;Size:M' (spec 3 "Cart item"). */
export const ZGoodsSku = z.object({
  id: z.number().int(),
  spec: z.string(),
  color: z.string(),
  size: z.string(),
  color_value_id: z.number().int(),
  size_value_id: z.number().int(),
  price: ZAmount,
  origin_price: ZAmount,
  stock: z.number().int(),
  image: z.string(),
});
export type TGoodsSku = z.infer<typeof ZGoodsSku>;

/** The product page. Colours and sizes come in display order. */
export const ZGoodsDetail = ZGoodsCommon.extend({
  /** each picture's text alternative, in the order of `images` ('' where staff wrote none) */
  image_alts: z.array(z.string()),
  sales: z.number().int(),
  /** from the top category down to the product's own */
  category_path: z.array(ZCategoryRef),
  skus: z.array(ZGoodsSku),
  colors: z.array(ZSpecColor),
  sizes: z.array(ZSpecSize),
});
export type TGoodsDetail = z.infer<typeof ZGoodsDetail>;
export const ZGoodsDetailResponse = envelope(ZGoodsDetail);

/** A category home page: the top category, its sub-categories (icons) and its best sellers. */
export const ZIndexClassify = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  icon: z.string(),
  image: z.string(),
  children: z.array(ZCategory),
  goods: z.array(ZGoodsListItem),
});
export type TIndexClassify = z.infer<typeof ZIndexClassify>;
export const ZIndexClassifyResponse = envelope(ZIndexClassify);

export const ZAddVisitResponse = envelope(z.null());

/** A browsing-history entry: the product as listed, and when the shopper last viewed it (epoch ms). */
export const ZViewedGoods = ZGoodsListItem.extend({ viewed_at: z.number().int() });
export type TViewedGoods = z.infer<typeof ZViewedGoods>;
export const ZViewLogPage = listResult(ZViewedGoods);
export type TViewLogPage = z.infer<typeof ZViewLogPage>;
export const ZViewLogResponse = envelope(ZViewLogPage);
export const ZViewLogBatchSaveResponse = envelope(z.object({ saved: z.number().int() }));
