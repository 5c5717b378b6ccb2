import { SecurityPage } from '../features/office/security-page';

export const meta = () => [{ title: 'My sign-in | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/security: the signed-in member's two-step sign-in. */
export default function OfficeSecurityRoute() {
  return <SecurityPage />;
}
