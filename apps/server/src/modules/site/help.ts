import type { HelpPageKey } from '@shop/contracts/site';
import { aboutUs, blog, brandStory, custom, projectTailorMade, wholesale } from './help-pages/about';
import { cookiesNotification, privacyPolicy, termsOfUse } from './help-pages/legal';
import { aboutPayment, contactUs, help, howToPlaceAnOrder, returnsExchanges, trackMyOrder } from './help-pages/shopping';

/**
 * The help pages a new shop opens with, in Markdown. Migration 0005 writes them into
 * `help_pages`; from then on staff edit them there (PUT /admin/help/page).
 * Links use the storefront's routes (spec 2 "Routes").
 */

/** The default help pages, in the help center's order; every key of HELP_PAGE_KEYS has one. */
export const DEFAULT_HELP_PAGES: Array<{ key: HelpPageKey; title: string; body_markdown: string }> = [
  { key: 'help', title: 'Help center', body_markdown: help },
  { key: 'how_to_place_an_order', title: 'How to place an order', body_markdown: howToPlaceAnOrder },
  { key: 'about_payment', title: 'About payment', body_markdown: aboutPayment },
  { key: 'track_my_order', title: 'Track my order', body_markdown: trackMyOrder },
  { key: 'returns_exchanges', title: 'Returns & exchanges', body_markdown: returnsExchanges },
  { key: 'contact_us', title: 'Contact us', body_markdown: contactUs },
  { key: 'privacy_policy', title: 'Privacy policy', body_markdown: privacyPolicy },
  { key: 'cookies_notification', title: 'Cookies notification', body_markdown: cookiesNotification },
  { key: 'terms_of_use', title: 'Terms of use', body_markdown: termsOfUse },
  { key: 'about_us', title: 'About us', body_markdown: aboutUs },
  { key: 'brand_story', title: 'Our brand story', body_markdown: brandStory },
  { key: 'project_tailor_made', title: 'Tailor-made project', body_markdown: projectTailorMade },
  { key: 'custom', title: 'Custom orders', body_markdown: custom },
  { key: 'wholesale', title: 'Wholesale', body_markdown: wholesale },
  { key: 'blog', title: 'Blog', body_markdown: blog },
];
