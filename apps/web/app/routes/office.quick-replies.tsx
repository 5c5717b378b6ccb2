import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/quick-replies-page'),
  (module) => module.QuickRepliesPage,
);

export const meta = () => [{ title: 'Quick replies | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/quick-replies: the agents' quick replies, own and shared (chat.answer; shared ones: chat.configure). */
export default function OfficeQuickRepliesRoute() {
  return <Page />;
}
