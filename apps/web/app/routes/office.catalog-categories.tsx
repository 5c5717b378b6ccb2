import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-catalog/categories-page'),
  (module) => module.CategoriesPage,
);

export const meta = () => [{ title: 'Categories | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/catalog/categories: the category tree (catalog.edit). */
export default function OfficeCatalogCategoriesRoute() {
  return <Page />;
}
