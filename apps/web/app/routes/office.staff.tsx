import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-site/staff-page'),
  (module) => module.StaffPage,
);

export const meta = () => [{ title: 'Staff | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/staff: invite staff, change roles, deactivate (staff.manage). */
export default function OfficeStaffRoute() {
  return <Page />;
}
