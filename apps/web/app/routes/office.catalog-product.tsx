import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-catalog/product-editor'),
  (module) => module.ProductEditor,
);

export const meta = () => [{ title: 'Product | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/catalog/new and /office/catalog/:id: the product editor (catalog.edit; stock needs stock.edit). */
export default function OfficeCatalogProductRoute() {
  return <Page />;
}
