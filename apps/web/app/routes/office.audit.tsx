import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-site/audit-page'),
  (module) => module.AuditPage,
);

export const meta = () => [{ title: 'Audit trail | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/audit: the audit trail of staff writes (administrators). */
export default function OfficeAuditRoute() {
  return <Page />;
}
