import { lazyOfficePage } from '../features/office/lazy-page';

const Page = lazyOfficePage(
  () => import('../features/office-customers/feedback-page'),
  (module) => module.FeedbackPage,
);

export const meta = () => [{ title: 'Feedback | Back office' }, { name: 'robots', content: 'noindex' }];

/** /office/feedback: the feedback inbox and the ratings over time (feedback.view). */
export default function OfficeFeedbackRoute() {
  return <Page />;
}
