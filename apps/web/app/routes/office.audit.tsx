import { AuditPage } from '../features/office/audit-page';

export const meta = () => [{ title: 'Audit trail | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/audit: the audit trail of staff writes (administrators). */
export default function OfficeAuditRoute() {
  return <AuditPage />;
}
