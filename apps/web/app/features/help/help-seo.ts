import { SHOP_NAME } from '@shop/contracts';
import type { MetaDescriptor } from 'react-router';
import { breadcrumbList, type JsonLdObject, seoMeta } from '../../lib/seo';
import { type HelpPageData, helpTrail } from './help-data';

/** The head of a help page: its title, its first paragraph as the description, its canonical address. */
export function helpMeta(page: HelpPageData | undefined, status?: number): MetaDescriptor[] {
  if (!page) {
    return status === 404
      ? [{ title: `Page not found | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }]
      : [{ title: `Help | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];
  }
  return seoMeta({
    title: `${page.title} | ${SHOP_NAME}`,
    description: page.summary,
    canonicalPath: page.path,
    type: 'article',
    origin: page.origin,
  });
}

/** The structured data of a help page: its trail Home › Help center › page. */
export function helpStructuredData(page: HelpPageData): JsonLdObject {
  return breadcrumbList(page.origin, helpTrail(page));
}
