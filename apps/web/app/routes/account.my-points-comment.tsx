import { SHOP_NAME } from '@shop/contracts';
import { PointsCommentPage } from '../features/points/points-comment-page';

export const meta = () => [{ title: `Points for reviews | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyPointsComment (spec 2; guarded by the account layout). */
export default function AccountPointsComment() {
  return <PointsCommentPage />;
}
