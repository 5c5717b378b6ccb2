import type { ProductCardItem } from './product-card';

/** Only what a product card shows of a listed product, so that nothing else travels to the browser. */
export function cardFields(item: ProductCardItem): ProductCardItem {
  return {
    id: item.id,
    name: item.name,
    url: item.url,
    min_price: item.min_price,
    max_origin_price: item.max_origin_price,
    discount: item.discount,
    discount_enabled: item.discount_enabled,
    images: item.images,
    image: item.image,
    hoverImage: item.hoverImage,
    is_favorited: item.is_favorited,
  };
}
