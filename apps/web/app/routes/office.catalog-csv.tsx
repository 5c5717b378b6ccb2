import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-catalog/catalog-csv-page'),
  (module) => module.CatalogCsvPage,
);

export const meta = () => [{ title: 'CSV export and import | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/catalog/csv: products and stock as CSV, out and in (catalog.edit; stock.edit for stock). */
export default function OfficeCatalogCsvRoute() {
  return <Page />;
}
