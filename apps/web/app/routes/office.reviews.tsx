import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-catalog/reviews-page'),
  (module) => module.ReviewsPage,
);

export const meta = () => [{ title: 'Reviews | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/reviews: the reviews' moderation queue (reviews.moderate). */
export default function OfficeReviewsRoute() {
  return <Page />;
}
