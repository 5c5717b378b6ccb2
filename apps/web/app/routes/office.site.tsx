import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-site/site-page'),
  (module) => module.SitePage,
);

export const meta = () => [{ title: 'Site settings | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/site: social and app links, company contact, header links and currencies (content.edit). */
export default function OfficeSiteRoute() {
  return <Page />;
}
