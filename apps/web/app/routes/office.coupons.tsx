import { CouponsPage } from '../features/office-customers/coupons-page';

export const meta = () => [{ title: 'Coupons | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/coupons: coupon templates with their usage; create, edit, pause and resume (coupons.manage). */
export default function OfficeCouponsRoute() {
  return <CouponsPage />;
}
