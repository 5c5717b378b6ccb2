import { lazyOfficePage } from '../features/office/lazy-page';

// The editor's preview is the storefront's own home page: the route hands it to the editor.
const Page = lazyOfficePage(
  () => Promise.all([import('../features/office-site/home-pages-page'), import('../features/home/home-page')]),
  ([office, home]) =>
    // biome-ignore lint/correctness/noComponentHookFactories: made once, when the page's code has arrived
    function HomePagesWithPreview() {
      return <office.HomePagesPage Preview={home.HomePage} />;
    },
);

export const meta = () => [{ title: 'Home pages | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/home-pages: each top category's home page, with the storefront's page as preview (catalog.edit). */
export default function OfficeHomePagesRoute() {
  return <Page />;
}
