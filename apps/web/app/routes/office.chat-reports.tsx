import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/chat-reports-page'),
  (module) => module.ChatReportsPage,
);

export const meta = () => [{ title: 'Chat reports | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/chat-reports: response and resolution times, load per agent and per day, satisfaction (chat.reports). */
export default function OfficeChatReportsRoute() {
  return <Page />;
}
