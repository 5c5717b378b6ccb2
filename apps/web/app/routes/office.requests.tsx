import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/requests-page'),
  (module) => module.RequestsPage,
);

export const meta = () => [{ title: 'Requests | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/requests: custom, tailor-made and wholesale requests from the help pages (requests.handle). */
export default function OfficeRequestsRoute() {
  return <Page />;
}
