import type { TGoodsDetail, TGoodsSku } from '@shop/contracts/catalog';

/**
 * The shopper's colour and size on a product page or in the quick view, and how that choice is
 * written in the page's address (`?sku=` once a size is chosen, `?color=` before), so that a chosen
 * SKU can be shared and the pickers work as plain links without JavaScript.
 */

export type SkuChoice = { colorId: number | null; sizeId: number | null };

export type ChoosableProduct = Pick<TGoodsDetail, 'skus' | 'colors' | 'sizes'>;

/** A product page's query parameters that only change the choice, never the product. */
export const CHOICE_PARAMS = ['sku', 'color'] as const;

/** At or below this many left, the page says 'Only N left'. */
export const LOW_STOCK_MAX = 5;

const matchesColour = (product: ChoosableProduct, sku: TGoodsSku, colorId: number | null) =>
  product.colors.length === 0 || sku.color_value_id === colorId;

const matchesSize = (product: ChoosableProduct, sku: TGoodsSku, sizeId: number | null) =>
  product.sizes.length === 0 || sku.size_value_id === sizeId;

/** The SKU of a complete choice (a colour and a size, where the product has them). */
export function findSku(product: ChoosableProduct, choice: SkuChoice): TGoodsSku | undefined {
  if (product.colors.length > 0 && choice.colorId === null) return undefined;
  if (product.sizes.length > 0 && choice.sizeId === null) return undefined;
  return product.skus.find((sku) => matchesColour(product, sku, choice.colorId) && matchesSize(product, sku, choice.sizeId));
}

/** The SKU of `sizeId` in `colorId`, whatever its stock. */
export const skuOfSize = (product: ChoosableProduct, colorId: number | null, sizeId: number) =>
  product.skus.find((sku) => matchesColour(product, sku, colorId) && sku.size_value_id === sizeId);

/** Whether any size of the colour can be bought. */
export const colourInStock = (product: ChoosableProduct, colorId: number) =>
  product.skus.some((sku) => sku.color_value_id === colorId && sku.stock > 0);

const sizeInStock = (product: ChoosableProduct, colorId: number | null, sizeId: number) =>
  (skuOfSize(product, colorId, sizeId)?.stock ?? 0) > 0;

/** A product with a single size (or none) needs no size choice: that size is taken when in stock. */
function onlySize(product: ChoosableProduct, colorId: number | null): number | null {
  const [single] = product.sizes;
  if (product.sizes.length !== 1 || !single) return null;
  return sizeInStock(product, colorId, single.id) ? single.id : null;
}

/** What a page shows before the shopper chooses: the first colour in stock, no size yet. */
export function defaultChoice(product: ChoosableProduct): SkuChoice {
  const colour = product.colors.find((candidate) => colourInStock(product, candidate.id)) ?? product.colors[0];
  const colorId = colour?.id ?? null;
  return { colorId, sizeId: onlySize(product, colorId) };
}

/**
 * Another colour: the size stays when it is in stock in that colour, otherwise the shopper picks
 * again (a single size is taken for them).
 */
export function chooseColour(product: ChoosableProduct, current: SkuChoice, colorId: number): SkuChoice {
  const keep = current.sizeId !== null && sizeInStock(product, colorId, current.sizeId);
  return { colorId, sizeId: keep ? current.sizeId : onlySize(product, colorId) };
}

/** A size of the current colour; a size sold out in that colour cannot be chosen. */
export function chooseSize(product: ChoosableProduct, current: SkuChoice, sizeId: number): SkuChoice {
  return sizeInStock(product, current.colorId, sizeId) ? { ...current, sizeId } : current;
}

const positiveInt = (text: string | null) => {
  const value = Number(text);
  return text !== null && Number.isSafeInteger(value) && value > 0 ? value : null;
};

/**
 * The choice a page address names: `?sku=` (a SKU of this product that can be bought), else
 * `?color=` (a colour of this product), else the default. Anything unknown falls back quietly.
 */
export function choiceFromSearch(product: ChoosableProduct, search: URLSearchParams): SkuChoice {
  const skuId = positiveInt(search.get('sku'));
  const sku = skuId === null ? undefined : product.skus.find((candidate) => candidate.id === skuId);
  if (sku) {
    const colorId = product.colors.length > 0 ? sku.color_value_id : null;
    // a shared link to a SKU sold out since keeps its colour; the size is chosen again
    if (sku.stock > 0) return { colorId, sizeId: product.sizes.length > 0 ? sku.size_value_id : null };
    return { colorId, sizeId: onlySize(product, colorId) };
  }
  const colorId = positiveInt(search.get('color'));
  if (colorId !== null && product.colors.some((colour) => colour.id === colorId)) {
    return { colorId, sizeId: onlySize(product, colorId) };
  }
  return defaultChoice(product);
}

/** The query string naming a choice: '?sku=12' when it is complete, '?color=3' before. */
export function choiceSearch(product: ChoosableProduct, choice: SkuChoice): string {
  const sku = findSku(product, choice);
  if (sku) return `?sku=${sku.id}`;
  return choice.colorId === null ? '' : `?color=${choice.colorId}`;
}

/** The picture of a colour: its own swatch photo, else the photo of one of its SKUs. */
export function colourImage(product: ChoosableProduct, colorId: number | null): string | undefined {
  if (colorId === null) return undefined;
  const colour = product.colors.find((candidate) => candidate.id === colorId);
  if (colour?.image) return colour.image;
  return product.skus.find((sku) => sku.color_value_id === colorId && sku.image)?.image;
}

/** Whether the product's SKUs differ in price, so that a price before a choice is a 'from' price. */
export const pricesVary = (product: Pick<ChoosableProduct, 'skus'>) => new Set(product.skus.map((sku) => sku.price)).size > 1;
