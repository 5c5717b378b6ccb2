import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/support-page'),
  (module) => module.SupportPage,
);

export const meta = () => [{ title: 'Chat settings | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/support: the chat's settings (chat.configure). */
export default function OfficeSupportRoute() {
  return <Page />;
}
