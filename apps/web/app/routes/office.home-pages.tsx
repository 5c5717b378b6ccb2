import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office/home-pages-page'),
  (module) => module.HomePagesPage,
);

export const meta = () => [{ title: 'Home pages | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/home-pages: each top category's home page, with the storefront's page as preview (catalog.edit). */
export default function OfficeHomePagesRoute() {
  return <Page />;
}
