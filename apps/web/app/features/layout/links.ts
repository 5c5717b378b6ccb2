import { HELP_CONTACT_KEYS, type HelpContactKey } from '@shop/contracts';
import { MY_COUPONS_PATH, SIGN_IN_PATH } from '../../lib/paths';
import type { CategoryNode } from './types';

/** spec 2 "Routes": where the storefront's links point. */
export const HOME_LOGO_HREF = '/home/clothings.html';
export const SEARCH_PATH = '/template/SearchClassify';
export const LOGIN_HREF = SIGN_IN_PATH;
export const REGISTER_HREF = '/login?tab=register';

/** /home/{url}.html, the home page of a top category. */
export const categoryHomeHref = (category: Pick<CategoryNode, 'url'>) => `/home/${category.url}.html`;

/** /classify/{url}-{id}.html, the listing of a category. */
export const classifyHref = (category: Pick<CategoryNode, 'url' | 'id'>) => `/classify/${category.url}-${category.id}.html`;

/** `clothings.html` → `clothings`; null when the route parameter is not a category page name. */
export function categoryUrlFromPage(page: string | undefined): string | null {
  if (!page?.endsWith('.html')) return null;
  const url = page.slice(0, -'.html'.length);
  return url.length > 0 ? url : null;
}

/** spec 2 "Header": the account menu, in the spec's order with My Messages beside My Coupons ('Sign out' is added by the menu itself). */
export const ACCOUNT_MENU_LINKS = [
  { label: 'My Account', href: '/ShoppingListMain/MyAccount' },
  { label: 'My Order', href: '/ShoppingListMain/MyOrder' },
  { label: 'Return/Exchange', href: '/ShoppingListMain/ReturnExchange' },
  { label: 'My Wishlist', href: '/ShoppingListMain/MyWishlist' },
  { label: 'My Coupons', href: MY_COUPONS_PATH },
  { label: 'My Messages', href: '/ShoppingListMain/MyMessage' },
  { label: 'Browsing History', href: '/ShoppingListMain/BrowsingHistory' },
  { label: 'Address', href: '/ShoppingListMain/address' },
  { label: 'Notifications', href: '/ShoppingListMain/notifications' },
  { label: 'Cancel Account', href: '/cancelAccount' },
] as const;

/** spec 2 "Help": the human title of every helpContact key. */
export const HELP_CONTACT_TITLES: Record<HelpContactKey, string> = {
  how_to_place_an_order: 'How to place an order',
  about_payment: 'About payment',
  track_my_order: 'Track my order',
  returns_exchanges: 'Returns & exchanges',
  contact_us: 'Contact us',
  privacy_policy: 'Privacy policy',
  cookies_notification: 'Cookies notification',
  terms_of_use: 'Terms of use',
};

/** /help/helpContact?key={key}&title={Title}, spaces written %20 (as contracts' helpPagePath writes it) */
export function helpContactHref(key: HelpContactKey) {
  const query = new URLSearchParams({ key, title: HELP_CONTACT_TITLES[key] });
  return `/help/helpContact?${query.toString().replaceAll('+', '%20')}`;
}

export const HELP_LINKS = HELP_CONTACT_KEYS.map((key) => ({ label: HELP_CONTACT_TITLES[key], href: helpContactHref(key) }));

/** spec 2 "Routes": a Reviews page and a Mobile Site page are listed with the help links but are not active. */
export const INACTIVE_HELP_ENTRIES = ['Reviews', 'Mobile Site'] as const;

/** The help centre, which lists every help page. */
export const HELP_CENTRE_LINK = { label: 'Help center', href: '/help' } as const;

/** The company's pages (their own help routes, spec 2 "Routes"), in the footer beside the help links. */
export const COMPANY_LINKS = [
  { label: 'About us', href: '/help/AboutUs' },
  { label: 'Our brand story', href: '/help/brandStory' },
  { label: 'Wholesale', href: '/help/wholesale' },
  { label: 'Blog', href: '/help/blog' },
] as const;
