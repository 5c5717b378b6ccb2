import { SHOP_NAME } from '@shop/contracts';
import { MyReviewsPage } from '../features/reviews/my-reviews-page';

export const meta = () => [{ title: `My Reviews | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/MyReviews (spec 2; guarded by the account layout). */
export default function AccountMyReviews() {
  return <MyReviewsPage />;
}
