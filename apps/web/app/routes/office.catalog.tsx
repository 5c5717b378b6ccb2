import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-catalog/catalog-page'),
  (module) => module.CatalogPage,
);

export const meta = () => [{ title: 'Catalogue | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/catalog: the products, searched, filtered by category and visibility, sorted and paged (catalog.edit). */
export default function OfficeCatalogRoute() {
  return <Page />;
}
