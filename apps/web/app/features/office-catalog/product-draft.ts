import type { TAdminProduct, TAdminProductSaveRequest } from '@shop/contracts/catalog-admin';

/**
 * A product as its editor holds it while it is typed: prices and stock as the fields' text, the
 * colours and sizes whose pairs are the SKUs, and the pictures in display order.
 */

export type SkuDraft = { id?: number; color: string; size: string; price: string; stock: string };
export type Picture = { url: string; alt: string };

export type Draft = {
  name: string;
  url: string;
  category_id: string;
  description: string;
  visible: 0 | 1;
  price: string;
  sale_price: string;
  colors: string[];
  sizes: string[];
  skus: SkuDraft[];
  images: Picture[];
};

export const EMPTY: Draft = {
  name: '',
  url: '',
  category_id: '',
  description: '',
  visible: 1,
  price: '',
  sale_price: '',
  colors: [],
  sizes: [],
  skus: [],
  images: [],
};

/** The values without repeats, whatever their case; the first spelling stays. */
export const unique = (values: string[]) =>
  values.filter((value, i) => values.findIndex((v) => v.toLowerCase() === value.toLowerCase()) === i);

/** A colour and size pair's key, whatever their case. */
export const pairKey = (color: string, size: string) => `${color.toLowerCase()}\u0000${size.toLowerCase()}`;

/** The editor's draft of a saved product. */
export function draftOf(product: TAdminProduct): Draft {
  return {
    name: product.name,
    url: product.url,
    category_id: String(product.category_id),
    description: product.description,
    visible: product.visible,
    price: product.price.toFixed(2),
    sale_price: product.sale_price === null ? '' : product.sale_price.toFixed(2),
    colors: unique(product.skus.map((sku) => sku.color)),
    sizes: unique(product.skus.map((sku) => sku.size)),
    skus: product.skus.map((sku) => ({
      id: sku.id,
      color: sku.color,
      size: sku.size,
      price: sku.price === null ? '' : sku.price.toFixed(2),
      stock: String(sku.stock),
    })),
    images: product.images,
  };
}

/** Every colour × size, keeping what each existing pair had (its id, price and stock). */
export function skuGrid(colors: string[], sizes: string[], previous: SkuDraft[]): SkuDraft[] {
  const known = new Map(previous.map((sku) => [pairKey(sku.color, sku.size), sku]));
  return colors.flatMap((color) =>
    sizes.map((size) => known.get(pairKey(color, size)) ?? { color, size, price: '', stock: '0' }),
  );
}

/** A number typed in a field: '' is absent; what is not a number is sent as it is, for the server to name. */
export const numberOr = (text: string, empty: number | null) => {
  const value = text.trim();
  if (value === '') return empty;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

/** The save request of a draft: a new product has no id; the server checks every field. */
export function saveRequestOf(draft: Draft, productId: number | null): TAdminProductSaveRequest {
  return {
    ...(productId !== null ? { id: productId } : {}),
    name: draft.name,
    url: draft.url.trim(),
    category_id: numberOr(draft.category_id, null),
    description: draft.description,
    visible: draft.visible,
    price: numberOr(draft.price, null),
    sale_price: numberOr(draft.sale_price, null),
    skus: draft.skus.map((sku) => ({
      ...(sku.id !== undefined ? { id: sku.id } : {}),
      color: sku.color,
      size: sku.size,
      price: numberOr(sku.price, null),
      stock: numberOr(sku.stock, 0),
    })),
    images: draft.images,
  } as TAdminProductSaveRequest;
}

/** The first refusal about the SKUs: of the whole list, or of one of them. */
export const skuErrorOf = (errors: Record<string, string>) =>
  errors.skus ?? Object.entries(errors).find(([field]) => field.startsWith('skus.'))?.[1];
