import { SupportPage } from '../features/office/support-page';

export const meta = () => [{ title: 'Chat settings | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/support: the chat's settings (chat.configure). */
export default function OfficeSupportRoute() {
  return <SupportPage />;
}
