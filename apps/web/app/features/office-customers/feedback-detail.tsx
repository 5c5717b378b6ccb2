import type { TFeedbackEntry } from '@shop/contracts/feedback';
import { FEEDBACK_RATING_LABELS, FEEDBACK_RATING_MAX, FEEDBACK_RATINGS } from '@shop/contracts/feedback-rules';
import { Link } from 'react-router';
import { dateTime } from '../../components/office/date-time';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { Button } from '../../components/ui/button';
import { OFFICE_PATH } from '../office';

/** One feedback opened above the inbox: its text, its four ratings, the page it was sent from and the shopper. */
export function FeedbackDetail({
  entry,
  mayOpenCustomers,
  onClose,
}: {
  entry: TFeedbackEntry;
  mayOpenCustomers: boolean;
  onClose: () => void;
}) {
  const heading = useFocusOnOpen();
  return (
    <article
      aria-labelledby="feedback-detail-title"
      className="rounded-lg border border-gray-900 bg-white p-4"
      data-detail={entry.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3
          id="feedback-detail-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 focus:outline-none"
        >
          Feedback of {dateTime(entry.create_time)}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="mt-2 break-words whitespace-pre-wrap text-gray-900">{entry.feedback}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {FEEDBACK_RATINGS.map((rating) => (
          <div key={rating} className="contents">
            <dt className="text-gray-600">{FEEDBACK_RATING_LABELS[rating]}</dt>
            <dd className="text-gray-900">
              {entry[rating]} of {FEEDBACK_RATING_MAX}
            </dd>
          </div>
        ))}
        <dt className="text-gray-600">Sent from</dt>
        <dd className="break-all text-gray-900">{entry.website || 'not given'}</dd>
        <dt className="text-gray-600">Shopper</dt>
        <dd className="text-gray-900">
          {entry.user_id === null ? (
            'Not signed in'
          ) : mayOpenCustomers ? (
            <Link to={`${OFFICE_PATH}/customers/${entry.user_id}`} className="underline underline-offset-4">
              Customer {entry.user_id}
            </Link>
          ) : (
            `Customer ${entry.user_id}`
          )}
        </dd>
      </dl>
    </article>
  );
}
