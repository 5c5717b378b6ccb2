import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-site/security-page'),
  (module) => module.SecurityPage,
);

export const meta = () => [{ title: 'My sign-in | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/security: the signed-in member's two-step sign-in. */
export default function OfficeSecurityRoute() {
  return <Page />;
}
