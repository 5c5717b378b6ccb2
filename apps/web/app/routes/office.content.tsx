import { ContentPage } from '../features/office/content-page';

export const meta = () => [{ title: 'Help pages | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/content: the help center's pages in Markdown, with a preview (content.edit). */
export default function OfficeContentRoute() {
  return <ContentPage />;
}
