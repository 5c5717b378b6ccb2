import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-site/content-page'),
  (module) => module.ContentPage,
);

export const meta = () => [{ title: 'Help pages | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/content: the help center's pages in Markdown, with a preview (content.edit). */
export default function OfficeContentRoute() {
  return <Page />;
}
