import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/requests-page'),
  (module) => module.RequestPage,
);

export const meta = () => [{ title: 'Request | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/requests/:id: one request with its files; assign, answer, close (requests.handle). */
export default function OfficeRequestRoute() {
  return <Page />;
}
