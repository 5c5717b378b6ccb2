import { StaffPage } from '../features/office/staff-page';

export const meta = () => [{ title: 'Staff | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/staff: invite staff, change roles, deactivate (staff.manage). */
export default function OfficeStaffRoute() {
  return <StaffPage />;
}
