import { SHOP_NAME } from '@shop/contracts';
import type { TCategory } from '@shop/contracts/catalog';
import type { THomeConfig, THomeFeaturedProduct, THomeImage } from '@shop/contracts/site';
import { HOME_FEATURED_MAX, type THomeLayout, type THomeTileInput, ZHomeLayout } from '@shop/contracts/site-admin';

export { featuredProduct } from '@shop/contracts/site-admin';

/** The grid of hot categories shows 2 per row (spec 2 "Home page"), so an even number. */
export const HOT_RECOMMEND_COUNT = 4;
/** "a row of three-image categories" */
export const THREE_IMAGE_COUNT = 3;
/** Two pages of the widest carousel row (spec 9: 6 per row from lg up). */
export const FEATURED_PRODUCTS_COUNT = HOME_FEATURED_MAX;

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

/** Every category of the tree by id, each with its path of names ('Clothing › Dresses'). */
export function categoriesById(tops: TCategory[]): Map<number, { category: TCategory; path: string }> {
  const byId = new Map<number, { category: TCategory; path: string }>();
  const walk = (nodes: TCategory[], parent: string) => {
    for (const node of nodes) {
      const path = parent ? `${parent} › ${node.name}` : node.name;
      byId.set(node.id, { category: node, path });
      walk(node.children, path);
    }
  };
  walk(tops, '');
  return byId;
}

/** A stored layout, or null when the text is not one (the page is then made from the catalogue). */
export function parseHomeLayout(text: string): THomeLayout | null {
  try {
    const parsed = ZHomeLayout.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A picture staff chose, linking to its category's listing; null when the category is gone. */
function chosenImage(tile: THomeTileInput, byId: Map<number, { category: TCategory }>): THomeImage | null {
  const category = byId.get(tile.category_id)?.category;
  if (!category) return null;
  return { ...homeImage(category), image: tile.image, title: tile.title };
}

/**
 * The configuration with staff's pictures in place of the catalogue's (decision 0045). The page's
 * title, description, keywords and category list stay the catalogue's; featured products are
 * whatever the caller built (the chosen ones, or the best sellers when none were chosen).
 */
export function withLayout(config: THomeConfig, layout: THomeLayout, tops: TCategory[]): THomeConfig {
  const byId = categoriesById(tops);
  const images = (tiles: THomeTileInput[]) => tiles.flatMap((tile) => chosenImage(tile, byId) ?? []);
  const hot = images(layout.hot_recommend);
  const three = images(layout.three_image);
  const banners = images(layout.big_image);
  return {
    ...config,
    homeConfig: {
      ...config.homeConfig,
      // a category taken out of the catalogue leaves its picture out; the rows keep their shape
      big_image: banners.length > 0 ? banners : config.homeConfig.big_image,
      hot_recommend: hot.slice(0, hot.length - (hot.length % 2)),
      three_image: three.length === THREE_IMAGE_COUNT ? three : [],
    },
  };
}

/** The category id of a picture the catalogue made ('dresses-5' → 5). */
export function categoryIdOf(image: THomeImage): number | null {
  const match = /-(\d+)$/.exec(image.classify_id);
  return match ? Number(match[1]) : null;
}
