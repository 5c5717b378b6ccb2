import type { TCategoryRef, TGoodsDetail, TGoodsListItem, TGoodsSku, TSpecData } from '@shop/contracts/catalog';
import { centsToPrice } from '@shop/contracts/pricing';
import type { GoodsRow, SkuRow } from './repo';

/** What leaves the server about goods: amounts in USD with two decimals, flags as 1/0 (spec 3). */

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function groupBy<T extends { goods_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.goods_id);
    if (group) group.push(row);
    else groups.set(row.goods_id, [row]);
  }
  return groups;
}

/** Colours in the product's own order (its first colour is its main picture), sizes in display order. */
function specDataOf(skus: SkuRow[]): TSpecData {
  const colors = new Map<number, TSpecData['colors'][number]>();
  const sizes = new Map<number, TSpecData['sizes'][number] & { sort: number }>();
  for (const sku of skus) {
    const color = colors.get(sku.color_value_id);
    if (color) color.in_stock = flag(color.in_stock === 1 || sku.stock > 0);
    else
      colors.set(sku.color_value_id, {
        id: sku.color_value_id,
        name: sku.color,
        image: sku.image,
        in_stock: flag(sku.stock > 0),
      });
    const size = sizes.get(sku.size_value_id);
    if (size) size.in_stock = flag(size.in_stock === 1 || sku.stock > 0);
    else
      sizes.set(sku.size_value_id, { id: sku.size_value_id, name: sku.size, in_stock: flag(sku.stock > 0), sort: sku.size_sort });
  }
  return {
    colors: [...colors.values()],
    sizes: [...sizes.values()]
      .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))
      .map(({ sort: _sort, ...size }) => size),
  };
}

function priceFields(goods: GoodsRow) {
  return {
    min_price: centsToPrice(goods.min_price),
    max_origin_price: centsToPrice(goods.max_origin_price),
    discount: goods.discount,
    discount_enabled: flag(goods.discount > 0),
  };
}

/** What a list item and a product page both begin with: the product's id, name, address, text and prices. */
function productFields(goods: GoodsRow) {
  return { id: goods.id, name: goods.name, url: goods.url, description: goods.description, ...priceFields(goods) };
}

function listItem(goods: GoodsRow, images: string[], skus: SkuRow[]): TGoodsListItem {
  const image = images[0] ?? skus[0]?.image ?? '';
  return {
    ...productFields(goods),
    images,
    image,
    hoverImage: images[1] ?? image,
    spec_data: specDataOf(skus),
    is_favorited: 0,
  };
}

/** Listing items for a page of goods, in the page's order, from one query's worth of images and SKUs each. */
export function presentListItems(
  goods: GoodsRow[],
  images: { goods_id: number; url: string }[],
  skus: SkuRow[],
): TGoodsListItem[] {
  const imagesOf = groupBy(images);
  const skusOf = groupBy(skus);
  return goods.map((g) =>
    listItem(
      g,
      (imagesOf.get(g.id) ?? []).map((i) => i.url),
      skusOf.get(g.id) ?? [],
    ),
  );
}

/** The cart's text form of a SKU's spec (spec 3 "Cart item"): 'Color:Red;Size:M'. */
export const specText = (color: string, size: string) => `Color:${color};Size:${size}`;

function presentSku(sku: SkuRow): TGoodsSku {
  return {
    id: sku.id,
    spec: specText(sku.color, sku.size),
    color: sku.color,
    size: sku.size,
    color_value_id: sku.color_value_id,
    size_value_id: sku.size_value_id,
    price: centsToPrice(sku.price),
    origin_price: centsToPrice(sku.origin_price),
    stock: sku.stock,
    image: sku.image,
  };
}

export function presentDetail(
  goods: GoodsRow,
  images: { url: string; alt: string }[],
  skus: SkuRow[],
  categoryPath: TCategoryRef[],
): TGoodsDetail {
  const spec = specDataOf(skus);
  const byDisplayOrder = (a: SkuRow, b: SkuRow) =>
    spec.colors.findIndex((c) => c.id === a.color_value_id) - spec.colors.findIndex((c) => c.id === b.color_value_id) ||
    a.size_sort - b.size_sort ||
    a.id - b.id;
  return {
    ...productFields(goods),
    images: images.map((image) => image.url),
    image_alts: images.map((image) => image.alt),
    sales: goods.sales,
    category_path: categoryPath,
    is_favorited: 0,
    skus: [...skus].sort(byDisplayOrder).map(presentSku),
    colors: spec.colors,
    sizes: spec.sizes,
  };
}
