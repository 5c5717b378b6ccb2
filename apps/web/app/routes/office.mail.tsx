import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/mail-page'),
  (module) => module.MailPage,
);

export const meta = () => [{ title: 'Mail outbox | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/mail: what the shop sent to whom, with its links (mail.view, administrators). */
export default function OfficeMailRoute() {
  return <Page />;
}
