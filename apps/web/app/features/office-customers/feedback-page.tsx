import { roleMay } from '@shop/contracts/permissions';
import { NotAllowed, useOfficeStaff } from '../office';
import { FeedbackInbox } from './feedback-inbox';
import { RatingsOverTime } from './ratings-over-time';

/** /office/feedback: the feedback widget's inbox and its four ratings over time (feedback.view). */
export function FeedbackPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'feedback.view');
  if (!allowed) return <NotAllowed what="reading feedback" />;
  return (
    <section aria-labelledby="feedback-title" className="flex flex-col gap-4">
      <h1 id="feedback-title" className="text-2xl font-semibold text-gray-900">
        Feedback
      </h1>
      <RatingsOverTime />
      <FeedbackInbox mayOpenCustomers={roleMay(staff.role, 'customers.view')} />
    </section>
  );
}
