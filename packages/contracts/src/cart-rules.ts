import { CART_FETCH_SIZE } from './constants';

/**
 * The bag's limits and its stock messages (spec 4 "Cart"), without zod: the header and the product
 * page import them on every storefront page. The schemas are in cart.ts.
 */

/** The most pieces of one SKU a bag line holds. */
export const CART_LINE_MAX = 99;
/** The most lines a bag holds: the spec's client reads the bag in one page of CART_FETCH_SIZE (spec 9). */
export const CART_MAX_LINES = CART_FETCH_SIZE;
/** How long the bag's popover stays open after an add, before closing by itself (spec 4: "briefly"). */
export const CART_OPEN_AFTER_ADD_MS = 3_000;

/** spec 7 "Cart", and the change of quantity and the sign-in merge. */
export const CartPaths = {
  list: '/shop/userCart',
  add: '/shop/userCart/add',
  update: '/shop/userCart/update',
  delete: '/shop/userCart/delete',
  clear: '/shop/userCart/clear',
  merge: '/shop/userCart/merge',
} as const;

export const CartMessages = {
  soldOut: 'This item is sold out',
  chooseSize: 'Please choose a size',
  chooseColour: 'Please choose a colour',
  unavailable: 'This product is no longer available',
  skuUnknown: 'This colour and size is no longer available',
  lineMissing: 'This item is no longer in your bag',
  bagFull: `Your bag is full (${CART_MAX_LINES} items). Please remove something first.`,
  lineMax: `You can buy at most ${CART_LINE_MAX} of one item`,
  added: 'Added to your bag',
  updated: 'Your bag was updated',
  removed: 'Removed from your bag',
  cleared: 'Your bag is empty now',
} as const;

/** 'Only 3 left in stock' (spec 4: "stock checked on add and on change with clear messages"). */
export const onlyLeft = (stock: number) => `Only ${stock} left in stock`;

/**
 * Why `wanted` pieces of a SKU cannot be in the bag, or null when they can: sold out, fewer in
 * stock than wanted (saying how many are already in the bag, when some are), or above the line limit.
 */
export function stockProblem(stock: number, wanted: number, alreadyInBag = 0): string | null {
  if (stock <= 0) return CartMessages.soldOut;
  if (wanted > stock) {
    return alreadyInBag > 0 ? `${onlyLeft(stock)}, and ${alreadyInBag} already in your bag` : onlyLeft(stock);
  }
  if (wanted > CART_LINE_MAX) return CartMessages.lineMax;
  return null;
}

/** What happened to one guest line merged into the account at sign-in. */
export type TCartMergeStatus = 'added' | 'merged' | 'capped' | 'sold_out' | 'unavailable' | 'bag_full';

export type TCartMergeChange = {
  goods_id: number;
  sku_id: number;
  /** the product's name ('' when it no longer exists) */
  name: string;
  /** 'Color:Red;Size:M' ('' when the SKU no longer exists) */
  spec: string;
  /** pieces the guest had in this browser */
  requested: number;
  /** pieces that went into the account's bag */
  added: number;
  /** pieces of this SKU in the bag now */
  num: number;
  status: TCartMergeStatus;
  /** what the shopper is told about this line; '' when everything went in */
  message: string;
};

/** The colour and size of a spec text: 'Color:Red;Size:M' → { color: 'Red', size: 'M' } (spec 3 "Cart item"). */
export function specParts(spec: string): { color: string; size: string } {
  const part = (name: string) => new RegExp(`(?:^|;)\\s*${name}:([^;]*)`, 'i').exec(spec)?.[1]?.trim() ?? '';
  return { color: part('Color'), size: part('Size') };
}

/** 'Red / M' for a spec text, or '' when it names neither. */
export function specLabel(spec: string): string {
  const { color, size } = specParts(spec);
  return [color, size].filter(Boolean).join(' / ');
}

/** How a line's variant reads anywhere in the shop: 'Red / M', or the spec text as it is when it names neither. */
export function variantText(spec: string): string {
  return specLabel(spec) || spec;
}

/** The message of a guest line that went in only partly: 'Only 3 left in stock, so your bag has 3'. */
export function cappedMessage(stock: number, num: number): string {
  return `${stock < CART_LINE_MAX ? onlyLeft(stock) : CartMessages.lineMax}, so your bag has ${num}`;
}

const pieces = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/**
 * What the shopper is told after signing in about the bag kept in this browser: null when there was
 * none; a plain confirmation when every line went in whole; otherwise one sentence per line that
 * did not ("Linen Shirt (Red / M): Only 3 left in stock, so your bag has 3").
 */
export function mergeNotice(changes: readonly TCartMergeChange[]): { kind: 'success' | 'warning'; text: string } | null {
  if (changes.length === 0) return null;
  const moved = changes.reduce((sum, change) => sum + change.added, 0);
  const intro = moved > 0 ? `We added ${pieces(moved)} from this browser to your bag.` : 'Your bag kept what it had.';
  const problems = changes.filter((change) => change.message !== '');
  if (problems.length === 0) return { kind: 'success', text: intro };
  const lines = problems.map((change) => {
    const label = specLabel(change.spec);
    const name = change.name ? `${change.name}${label ? ` (${label})` : ''}` : 'An item';
    return `${name}: ${change.message.replace(/[.!]$/, '')}.`;
  });
  return { kind: 'warning', text: [intro, ...lines].join(' ') };
}
