import {
  CATALOG_PHOTO_FOLDER,
  CATALOG_PHOTO_MAX_BYTES,
  CATALOG_PHOTO_WIDTH,
  CatalogAdminMessages,
  slugOf,
  type TAdminCategory,
  type TAdminProduct,
  type TAdminProductList,
  type TAdminUploadedImage,
  type ZAdminCategoryAddRequest,
  type ZAdminCategoryMoveRequest,
  type ZAdminCategoryRenameRequest,
  type ZAdminProductListQuery,
  type ZAdminProductSaveRequest,
  type ZAdminStockRequest,
} from '@shop/contracts/catalog-admin';
import { centsToPrice, priceToCents } from '@shop/contracts/pricing';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../infra/storage/file-storage';
import { decodeBase64Upload, keepUploadedPhoto, NotResizableError, UnreadableImageError } from '../../media/images';
import { recordAudit } from '../audit';
import { type AdminSkuRow, catalogAdminRepo } from './admin-repo';
import { attributeValueIds } from './attributes';
import { ON_SALE } from './repo';
import { categoriesWithDescendants } from './structure';

/**
 * The back office's catalogue (decision 0043): products with their colour × size SKUs, stock and
 * pictures, and the category tree. Every write runs in one transaction with its audit entry
 * (decision 0036), then drops the catalogue's cached answers on every instance, so the storefront's
 * pages, listings and search show the change at once.
 */

type ListQuery = z.output<typeof ZAdminProductListQuery>;
export type ProductInput = z.output<typeof ZAdminProductSaveRequest>;
type StockInput = z.output<typeof ZAdminStockRequest>;

/** How a product write may go: stock changes need stock.edit; an import leaves unlisted SKUs and the pictures alone. */
export type WriteOptions = { stockAllowed: boolean; partial?: boolean };

/** An uploaded picture's address: one the upload route made, nothing else. */
const UPLOADED_URL = new RegExp(`^/media/${CATALOG_PHOTO_FOLDER}/[0-9a-f]{64}\\.webp$`);

/** The value most SKUs share (ties: the lowest), for the product's own price in the editor. */
function commonest(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0] ?? 0;
  for (const [value, count] of counts) {
    const bestCount = counts.get(best) ?? 0;
    if (count > bestCount || (count === bestCount && value < best)) best = value;
  }
  return best;
}

/**
 * A product's price, sale price and each SKU's own price, read back from its SKUs: the regular
 * price is the original price most SKUs have, the sale price the price most sell at when it is
 * lower, and a SKU selling at another price has its own.
 */
export function pricesOf(skus: Pick<AdminSkuRow, 'price' | 'origin_price'>[]) {
  const regular = commonest(skus.map((sku) => sku.origin_price));
  const selling = commonest(skus.map((sku) => sku.price));
  const sale = selling < regular ? selling : null;
  return { regular, sale, effective: sale ?? regular };
}

/** A SKU's price and original price (cents) from the product's prices and its own. */
export function skuPrices(regular: number, sale: number | null, own: number | null) {
  const price = own ?? sale ?? regular;
  return { price, origin_price: Math.max(regular, price) };
}

/** The decoded bytes of a picture sent as base64 or a data URL. */
function decodeBase64(file: string): Buffer {
  const bytes = decodeBase64Upload(file);
  if (!bytes) throw AppError.field('file', CatalogAdminMessages.notAPhoto);
  if (bytes.length > CATALOG_PHOTO_MAX_BYTES) throw AppError.field('file', CatalogAdminMessages.photoTooLarge);
  return bytes;
}

export async function loadProduct(db: Db, id: number): Promise<TAdminProduct | undefined> {
  const repo = catalogAdminRepo(db);
  const goods = await repo.goods(id);
  if (!goods) return undefined;
  const [skus, images] = await Promise.all([repo.skusOf([id]), repo.imagesOf([id])]);
  const { regular, sale, effective } = pricesOf(skus);
  return {
    id: goods.id,
    name: goods.name,
    url: goods.url,
    category_id: goods.category_id,
    description: goods.description,
    visible: goods.status === ON_SALE ? 1 : 0,
    price: centsToPrice(regular),
    sale_price: sale === null ? null : centsToPrice(sale),
    skus: skus.map((sku) => ({
      id: sku.id,
      color: sku.color,
      size: sku.size,
      price: sku.price === effective ? null : centsToPrice(sku.price),
      stock: sku.stock,
    })),
    images: images.map((image) => ({ url: image.url, alt: image.alt })),
    updated_at: goods.updated_at,
  };
}

/** What the audit trail keeps of a product: the editor's view without the clock. */
const audited = (product: TAdminProduct | undefined) => {
  if (!product) return undefined;
  const { updated_at: _u, ...rest } = product;
  return rest;
};

/**
 * Creates or changes one product in the caller's transaction, with its audit entry. Returns its
 * id and whether it is new. Refuses (nothing written) an unknown category, a taken address, a SKU
 * of another product, a picture not uploaded here, and a stock change without `stockAllowed`.
 */
export async function writeProduct(
  trx: Db,
  deps: { media: FileStorage; staffId: number; at: number },
  input: Omit<ProductInput, 'images'> & { images?: ProductInput['images'] },
  options: WriteOptions,
): Promise<{ id: number; created: boolean; changed: boolean }> {
  const repo = catalogAdminRepo(trx);
  const before = input.id === undefined ? undefined : await loadProduct(trx, input.id);
  if (input.id !== undefined && !before) throw AppError.field('id', CatalogAdminMessages.productNotFound);
  if (!(await repo.category(input.category_id))) throw AppError.field('category_id', CatalogAdminMessages.categoryNotFound);

  // the address: the one given, or one made from the name (numbered until free)
  let url = input.url;
  if (url === '') {
    const base = slugOf(input.name) || 'product';
    url = base;
    for (let n = 2; await repo.urlTaken(url, input.id); n++) url = `${base}-${n}`;
  } else if (await repo.urlTaken(url, input.id)) {
    throw AppError.field('url', CatalogAdminMessages.urlTaken);
  }

  const current = new Map((before?.skus ?? []).map((sku) => [sku.id, sku]));
  for (const sku of input.skus) {
    if (sku.id !== undefined && !current.has(sku.id)) {
      const owner = (await repo.skusByIds([sku.id]))[0];
      throw AppError.field('skus', owner ? CatalogAdminMessages.skuNotOfProduct : CatalogAdminMessages.skuNotFound);
    }
  }
  const listed = new Set(input.skus.flatMap((sku) => (sku.id === undefined ? [] : [sku.id])));
  const removed = options.partial ? [] : [...current.keys()].filter((id) => !listed.has(id));
  if (!options.stockAllowed) {
    const stockMoves = input.skus.some((sku) =>
      sku.id === undefined ? sku.stock !== 0 : current.get(sku.id)?.stock !== sku.stock,
    );
    if (stockMoves || removed.some((id) => (current.get(id)?.stock ?? 0) > 0)) {
      throw AppError.forbidden(CatalogAdminMessages.stockNeedsPermission);
    }
  }

  let images = input.images;
  if (images !== undefined) {
    const own = new Set((before?.images ?? []).map((image) => image.url));
    for (const image of images) {
      if (own.has(image.url)) continue;
      const uploaded = UPLOADED_URL.test(image.url) && (await deps.media.exists(image.url.slice('/media/'.length)));
      if (!uploaded) throw AppError.field('images', CatalogAdminMessages.imageUnknown);
    }
    const seen = new Set<string>();
    images = images.filter((image) => !seen.has(image.url) && seen.add(image.url));
  }

  const regular = priceToCents(input.price);
  const sale = input.sale_price === null ? null : priceToCents(input.sale_price);
  const discount = sale === null ? 0 : Math.round((1 - sale / regular) * 100);
  const fields = {
    category_id: input.category_id,
    name: input.name,
    url,
    description: input.description,
    discount,
    status: input.visible === 1 ? ON_SALE : 0,
    updated_at: deps.at,
  };
  let id: number;
  if (before === undefined) {
    id = await repo.insertGoods({ ...fields, min_price: 0, max_origin_price: 0, sales: 0, created_at: deps.at });
  } else {
    id = before.id;
    await repo.updateGoods(id, fields);
  }

  const values = await attributeValueIds(trx, {
    colors: input.skus.map((sku) => sku.color),
    sizes: input.skus.map((sku) => sku.size),
  });
  const imageUrls = images?.map((image) => image.url) ?? before?.images.map((image) => image.url) ?? [];
  const storedSkus = new Map((await repo.skusOf(before ? [before.id] : [])).map((sku) => [sku.id, sku]));
  const imageFor = (previous: string | undefined) =>
    previous !== undefined && imageUrls.includes(previous) ? previous : (imageUrls[0] ?? '');

  await repo.deleteSkus(removed);
  // a colour and size moving between SKUs: each changed SKU steps aside first (one SKU per pair)
  const renamed = input.skus.filter((sku) => {
    const was = sku.id === undefined ? undefined : current.get(sku.id);
    return was !== undefined && (was.color !== sku.color || was.size !== sku.size);
  });
  for (const sku of renamed) await repo.updateSku(sku.id as number, { size: `#${sku.id}` });
  for (const sku of input.skus) {
    const row = {
      color: sku.color,
      size: sku.size,
      ...skuPrices(regular, sale, sku.price === null ? null : priceToCents(sku.price)),
      color_value_id: values.color.get(sku.color) as number,
      size_value_id: values.size.get(sku.size) as number,
    };
    if (sku.id === undefined) {
      await repo.insertSku({ ...row, goods_id: id, stock: sku.stock, image: imageFor(undefined) });
    } else {
      await repo.updateSku(sku.id, { ...row, stock: sku.stock, image: imageFor(storedSkus.get(sku.id)?.image) });
    }
  }
  if (images !== undefined) await repo.replaceImages(id, images);
  await repo.refreshPrices(id, deps.at);

  const after = await loadProduct(trx, id);
  const changed = JSON.stringify(audited(before)) !== JSON.stringify(audited(after));
  if (changed) {
    await recordAudit(trx, {
      staffId: deps.staffId,
      action: before ? 'product.edit' : 'product.create',
      object: { type: 'goods', id },
      before: audited(before),
      after: audited(after),
      reason: 'reason' in input ? (input.reason ?? null) : null,
      at: deps.at,
    });
  }
  return { id, created: before === undefined, changed };
}

/**
 * `work`, with a unique index's refusal (two writes at once took the same address) answered as the
 * 400 the earlier check gives when they do not overlap.
 */
export async function refusingDuplicates<T>(work: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.field(field, message);
    throw error;
  }
}

/**
 * Sets the stock of the known SKUs among `wanted` (sku id → figure) in the caller's transaction,
 * with one audit entry per product whose stock moved. Returns those products.
 */
export async function applyStock(
  trx: Db,
  deps: { staffId: number; at: number; reason: string | null },
  wanted: Map<number, number>,
): Promise<number[]> {
  const repo = catalogAdminRepo(trx);
  const rows = await repo.skusByIds([...wanted.keys()]);
  const byGoods = new Map<number, typeof rows>();
  for (const row of rows) byGoods.set(row.goods_id, [...(byGoods.get(row.goods_id) ?? []), row]);
  const moved: number[] = [];
  for (const [goodsId, skus] of byGoods) {
    const changes = skus.filter((sku) => wanted.get(sku.id) !== sku.stock);
    if (changes.length === 0) continue;
    for (const sku of changes) await repo.setStock(sku.id, wanted.get(sku.id) as number);
    await repo.touchGoods(goodsId, deps.at);
    await recordAudit(trx, {
      staffId: deps.staffId,
      action: 'stock.set',
      object: { type: 'goods', id: goodsId },
      before: Object.fromEntries(changes.map((sku) => [sku.id, sku.stock])),
      after: Object.fromEntries(changes.map((sku) => [sku.id, wanted.get(sku.id)])),
      reason: deps.reason,
      at: deps.at,
    });
    moved.push(goodsId);
  }
  return moved;
}

type Deps = {
  db: Db;
  /** where the pictures are kept (the media's storage) */
  media: FileStorage;
  /** drops the catalogue's cached answers on every instance (the catalogue service's `invalidate`) */
  invalidate: (goodsId?: number) => Promise<void>;
  clock?: () => number;
};

export function createCatalogAdmin({ db, media, invalidate, clock = Date.now }: Deps) {
  const repo = catalogAdminRepo(db);

  async function categoryOr400(trx: Db, id: number, field: string) {
    const category = await catalogAdminRepo(trx).category(id);
    if (!category) throw AppError.field(field, CatalogAdminMessages.categoryNotFound);
    return category;
  }

  async function categoryUrl(trx: Db, name: string, given: string, exceptId?: number): Promise<string> {
    const inTrx = catalogAdminRepo(trx);
    if (given !== '') {
      if (await inTrx.categoryUrlTaken(given, exceptId)) throw AppError.field('url', CatalogAdminMessages.categoryUrlTaken);
      return given;
    }
    const base = slugOf(name) || 'category';
    let url = base;
    for (let n = 2; await inTrx.categoryUrlTaken(url, exceptId); n++) url = `${base}-${n}`;
    return url;
  }

  /** Puts `id` among `parentId`'s children at `position`, numbering their sort 0, 1, 2… */
  async function placeAmongSiblings(trx: Db, id: number, parentId: number | null, position: number) {
    const inTrx = catalogAdminRepo(trx);
    const others = (await inTrx.siblings(parentId)).filter((sibling) => sibling.id !== id).map((sibling) => sibling.id);
    others.splice(Math.min(position, others.length), 0, id);
    for (const [sort, siblingId] of others.entries()) {
      await inTrx.updateCategory(siblingId, siblingId === id ? { parent_id: parentId, sort } : { sort });
    }
  }

  return {
    /** GET /admin/catalog/products */
    async list(query: ListQuery): Promise<TAdminProductList> {
      const categoryIds = query.category_id === undefined ? undefined : await categoriesWithDescendants(db, [query.category_id]);
      const { rows, total } = await repo.page({
        q: query.q,
        categoryIds,
        visibility: query.visibility,
        sort: query.sort,
        limit: query.pagesize,
        offset: (query.page - 1) * query.pagesize,
      });
      const images = await repo.imagesOf(rows.map((row) => row.id));
      const first = new Map<number, string>();
      for (const image of images) if (!first.has(image.goods_id)) first.set(image.goods_id, image.url);
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          url: row.url,
          category_id: row.category_id,
          category_name: row.category_name,
          visible: row.status === ON_SALE ? 1 : 0,
          min_price: centsToPrice(row.min_price),
          stock: row.stock,
          skus: row.skus,
          image: first.get(row.id) ?? '',
          updated_at: row.updated_at,
        })),
        total,
      };
    },

    /** GET /admin/catalog/products/:id */
    async product(id: number): Promise<TAdminProduct> {
      const product = await loadProduct(db, id);
      if (!product) throw AppError.notFound(CatalogAdminMessages.productNotFound);
      return product;
    },

    /** POST /admin/catalog/products/save */
    async save(staffId: number, input: ProductInput, options: WriteOptions): Promise<TAdminProduct> {
      const at = clock();
      const { id } = await refusingDuplicates(
        () => inTransaction(db, (trx) => writeProduct(trx, { media, staffId, at }, input, options)),
        'url',
        CatalogAdminMessages.urlTaken,
      );
      await invalidate();
      return (await loadProduct(db, id)) as TAdminProduct;
    },

    /** POST /admin/catalog/images/upload: type from the bytes, turned upright, resized, no metadata, kept as WebP. */
    async upload(file: string): Promise<TAdminUploadedImage> {
      const bytes = decodeBase64(file);
      try {
        return await keepUploadedPhoto(bytes, { media, folder: CATALOG_PHOTO_FOLDER, width: CATALOG_PHOTO_WIDTH });
      } catch (error) {
        if (error instanceof NotResizableError || error instanceof UnreadableImageError) {
          throw AppError.field('file', CatalogAdminMessages.notAPhoto);
        }
        throw error;
      }
    },

    /** POST /admin/catalog/stock: each SKU's new figure, one audit entry per product. */
    async setStock(staffId: number, input: StockInput) {
      const at = clock();
      const wanted = new Map(input.items.map((item) => [item.sku_id, item.stock]));
      const goodsIds = await inTransaction(db, async (trx) => {
        const known = await catalogAdminRepo(trx).skusByIds([...wanted.keys()]);
        if (known.length !== wanted.size) throw AppError.field('items', CatalogAdminMessages.skuNotFound);
        return applyStock(trx, { staffId, at, reason: input.reason ?? null }, wanted);
      });
      await Promise.all(goodsIds.map((goodsId) => invalidate(goodsId)));
      return { items: input.items.map((item) => ({ sku_id: item.sku_id, stock: item.stock })) };
    },

    /** GET /admin/catalog/categories: every category, flat, in display order, with its goods count. */
    async categories(): Promise<{ data: TAdminCategory[] }> {
      return { data: await repo.categories() };
    },

    /** POST /admin/catalog/categories/add: last among its siblings. */
    async addCategory(staffId: number, input: z.output<typeof ZAdminCategoryAddRequest>): Promise<TAdminCategory> {
      const at = clock();
      const created = await refusingDuplicates(
        () =>
          inTransaction(db, async (trx) => {
            if (input.parent_id !== null) await categoryOr400(trx, input.parent_id, 'parent_id');
            const url = await categoryUrl(trx, input.name, input.url);
            const siblings = await catalogAdminRepo(trx).siblings(input.parent_id);
            const sort = siblings.reduce((max, sibling) => Math.max(max, sibling.sort + 1), 0);
            const id = await catalogAdminRepo(trx).insertCategory({ name: input.name, url, parent_id: input.parent_id, sort });
            const after = await categoryOr400(trx, id, 'id');
            await recordAudit(trx, { staffId, action: 'category.create', object: { type: 'category', id }, after, at });
            return after;
          }),
        'url',
        CatalogAdminMessages.categoryUrlTaken,
      );
      await invalidate();
      return { ...created, goods: 0 };
    },

    /** POST /admin/catalog/categories/rename: its name, and its address when given. */
    async renameCategory(staffId: number, input: z.output<typeof ZAdminCategoryRenameRequest>): Promise<TAdminCategory> {
      const at = clock();
      const renamed = await refusingDuplicates(
        () =>
          inTransaction(db, async (trx) => {
            const before = await categoryOr400(trx, input.id, 'id');
            const url = input.url === '' ? before.url : await categoryUrl(trx, input.name, input.url, input.id);
            await catalogAdminRepo(trx).updateCategory(input.id, { name: input.name, url });
            const after = await categoryOr400(trx, input.id, 'id');
            await recordAudit(trx, {
              staffId,
              action: 'category.rename',
              object: { type: 'category', id: input.id },
              before,
              after,
              at,
            });
            return after;
          }),
        'url',
        CatalogAdminMessages.categoryUrlTaken,
      );
      await invalidate();
      return (await repo.categories()).find((category) => category.id === renamed.id) ?? { ...renamed, goods: 0 };
    },

    /** POST /admin/catalog/categories/move: under another parent (or the top) and at a place among its siblings. */
    async moveCategory(staffId: number, input: z.output<typeof ZAdminCategoryMoveRequest>): Promise<{ data: TAdminCategory[] }> {
      const at = clock();
      await inTransaction(db, async (trx) => {
        const before = await categoryOr400(trx, input.id, 'id');
        if (input.parent_id !== null) {
          await categoryOr400(trx, input.parent_id, 'parent_id');
          const below = await categoriesWithDescendants(trx, [input.id]);
          if (below.includes(input.parent_id)) throw AppError.field('parent_id', CatalogAdminMessages.moveIntoItself);
        }
        await placeAmongSiblings(trx, input.id, input.parent_id, input.position);
        if (before.parent_id !== input.parent_id) {
          // the old siblings close the gap
          const left = await catalogAdminRepo(trx).siblings(before.parent_id);
          for (const [sort, sibling] of left.entries()) await catalogAdminRepo(trx).updateCategory(sibling.id, { sort });
        }
        const after = await categoryOr400(trx, input.id, 'id');
        await recordAudit(trx, {
          staffId,
          action: 'category.move',
          object: { type: 'category', id: input.id },
          before: { parent_id: before.parent_id, sort: before.sort },
          after: { parent_id: after.parent_id, sort: after.sort },
          at,
        });
      });
      await invalidate();
      return { data: await repo.categories() };
    },
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
