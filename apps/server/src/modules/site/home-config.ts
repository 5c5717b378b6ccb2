import { SHOP_NAME } from '@shop/contracts';
import type { TCategory, TGoodsListItem } from '@shop/contracts/catalog';
import { originPrice } from '@shop/contracts/pricing';
import type { THomeConfig, THomeFeaturedProduct, THomeImage } from '@shop/contracts/site';

/** The grid of hot categories shows 2 per row (spec 2 "Home page"), so an even number. */
export const HOT_RECOMMEND_COUNT = 4;
/** "a row of three-image categories" */
export const THREE_IMAGE_COUNT = 3;
/** Two pages of the widest carousel row (spec 9: 6 per row from lg up). */
export const FEATURED_PRODUCTS_COUNT = 12;
/** A carousel item shows its main picture and a second one on hover. */
const FEATURED_IMAGES = 2;

/** /classify/{url}-{id}.html, the listing of a category (spec 2 "Routes"). */
export const classifyPath = (category: Pick<TCategory, 'url' | 'id'>) =>
  `/classify/${encodeURIComponent(category.url)}-${category.id}.html`;

/** /home/{url}.html, the home page of a top category. */
export const categoryHomePath = (category: Pick<TCategory, 'url'>) => `/home/${encodeURIComponent(category.url)}.html`;

/** /product/{url}.html */
export const productPath = (goodsUrl: string) => `/product/${encodeURIComponent(goodsUrl)}.html`;

/** Every category id in a subtree, its root first. */
export function subtreeIds(root: TCategory): number[] {
  const ids: number[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop() as TCategory;
    ids.push(node.id);
    stack.push(...node.children);
  }
  return ids;
}

/** A subtree's total of a per-category figure (sales, say). */
export const subtreeTotal = (root: TCategory, byCategory: Map<number, number>) =>
  subtreeIds(root).reduce((sum, id) => sum + (byCategory.get(id) ?? 0), 0);

/** A category as a home picture linking to its listing; the banner when it has one, else its icon. */
function homeImage(category: TCategory): THomeImage {
  return {
    image: category.image || category.icon,
    title: category.name,
    classify_id: `${category.url}-${category.id}`,
    url: { url: classifyPath(category) },
  };
}

/** "dresses, tops, jeans and more" */
function highlights(children: TCategory[]) {
  const names = children.slice(0, 4).map((child) => child.name.toLowerCase());
  return names.length === 0 ? '' : `: ${names.join(', ')}${children.length > names.length ? ' and more' : ''}`;
}

/** A best seller as the home page shows it: USD decimals, the spec 9 original price. */
export function featuredProduct(goods: TGoodsListItem): THomeFeaturedProduct {
  return {
    id: goods.id,
    name: goods.name,
    url: goods.url,
    images: goods.images.slice(0, FEATURED_IMAGES),
    price: goods.min_price,
    origin_price: originPrice(goods.min_price, goods.discount),
    discount: goods.discount,
  };
}

/**
 * The home configuration of one top category (spec 3 "Home configuration"): its banner as the
 * big image, its best-selling sub-categories as hot recommendations, the other top categories
 * as the three-image row, and its best-selling goods.
 */
export function buildHomeConfig(input: {
  top: TCategory;
  tops: TCategory[];
  salesByCategory: Map<number, number>;
  featured: THomeFeaturedProduct[];
}): THomeConfig {
  const { top, tops, salesByCategory } = input;
  const order = new Map(top.children.map((child, i) => [child.id, i]));
  const hot = [...top.children]
    .sort(
      (a, b) =>
        subtreeTotal(b, salesByCategory) - subtreeTotal(a, salesByCategory) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
    )
    .slice(0, HOT_RECOMMEND_COUNT);
  // An odd count would leave a hole in the two-per-row grid.
  const hotEven = hot.length > 1 ? hot.slice(0, hot.length - (hot.length % 2)) : hot;
  const others = tops.filter((other) => other.id !== top.id).slice(0, THREE_IMAGE_COUNT);

  return {
    title: `${top.name} | ${SHOP_NAME}`,
    description: `Shop ${top.name.toLowerCase()} at ${SHOP_NAME}${highlights(top.children)}.`,
    keywords: [top.name, ...top.children.map((child) => child.name), SHOP_NAME].join(', '),
    url: categoryHomePath(top),
    icon: top.icon,
    classify: tops.map((category) => ({ name: category.name, url: category.url, id: category.id })),
    homeConfig: {
      big_image: [homeImage(top)],
      hot_recommend: hotEven.map(homeImage),
      three_image: others.map(homeImage),
      featured_products: input.featured,
    },
  };
}
