import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-support/knowledge-base-page'),
  (module) => module.KnowledgeBasePage,
);

export const meta = () => [{ title: 'Knowledge base | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/knowledge-base: the answers the chat gives on its own (read: chat.answer; change: chat.configure). */
export default function OfficeKnowledgeBaseRoute() {
  return <Page />;
}
