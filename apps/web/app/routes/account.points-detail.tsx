import { SHOP_NAME } from '@shop/contracts';
import { PointsDetailPage } from '../features/points/points-detail-page';

export const meta = () => [{ title: `Points history | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/PointsDetail (spec 2; guarded by the account layout). */
export default function AccountPointsDetail() {
  return <PointsDetailPage />;
}
