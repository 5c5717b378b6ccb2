import {
  POINTS_EARNED_PER_DOLLAR,
  POINTS_MAX_SHARE_PERCENT,
  POINTS_PER_DOLLAR,
  POINTS_VALID_MONTHS,
  REFERRAL_REWARD_POINTS,
  RETURN_WINDOW_DAYS,
  REVIEW_POINTS,
} from '@shop/contracts/points-rules';

/** How points are earned and used, in the figures the server applies. */
export function HowToEarn({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="how-to-earn" className="rounded-lg bg-gray-50 p-5">
      <Heading id="how-to-earn" className="text-lg font-semibold">
        How to earn and use points
      </Heading>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-gray-800">
        <li>Shop: {POINTS_EARNED_PER_DOLLAR} point for every $1 of goods you pay for, credited when your order is completed.</li>
        <li>Review: {REVIEW_POINTS} points for each review of something you bought, whatever the stars.</li>
        <li>
          Invite friends: {REFERRAL_REWARD_POINTS} points when a friend’s first order is kept past its {RETURN_WINDOW_DAYS}-day
          return window.
        </li>
        <li>
          Use them: {POINTS_PER_DOLLAR} points are $1 off at checkout (up to {POINTS_MAX_SHARE_PERCENT}% of the goods), or
          exchange them for coupons.
        </li>
        <li>Points last {POINTS_VALID_MONTHS} months from the day they are earned; the oldest are used first.</li>
      </ul>
    </section>
  );
}
