import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-orders/return-page'),
  (module) => module.ReturnPage,
);

export const meta = () => [{ title: 'Return | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/returns/:id: one request; approve, decline, receive, refund or ship the replacement for the roles that hold them. */
export default function OfficeReturnRoute() {
  return <Page />;
}
