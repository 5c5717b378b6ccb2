import { PointsPages } from '@shop/contracts/points-rules';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useLoad } from '../../lib/use-load';
import { CopyField } from './copy-field';
import { Loaded, linkClass, PageHeader } from './parts';
import { referralSummary } from './points-api';

/** The shop's own address, once the page runs in the browser (the share link is absolute). */
function useOrigin() {
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  return origin;
}

/**
 * /ShoppingListMain/ByFriends (spec 2, "by friends"; guarded): the invitation code and the share
 * link with copy buttons, how inviting works, and what the shopper's friends have earned them.
 */
export function ByFriendsPage() {
  const headingId = useId();
  const origin = useOrigin();
  const summary = useLoad('referrals', referralSummary);

  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <PageHeader id={headingId} title="Invite friends" />
      <Loaded load={summary.load} what="your invitation" retry={summary.retry}>
        {(referral) => (
          <>
            <div className="grid gap-6 rounded-lg border border-gray-200 p-5 md:grid-cols-2">
              <CopyField label="Invitation code" value={referral.invitation_code} mono />
              <CopyField label="Share link" value={`${origin}${referral.share_path}`} />
            </div>

            <section aria-labelledby="how-inviting-works" className="space-y-3">
              <h2 id="how-inviting-works" className="text-lg font-semibold">
                How it works
              </h2>
              <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-800">
                <li>Send your link, or give your code for the register form’s “Invitation Code”.</li>
                <li>Your friend registers (the code is for people new to our shop) and gets a welcome coupon.</li>
                <li>
                  When your friend’s first order is completed and its {referral.return_window_days}-day return window has closed,
                  you get {referral.reward_points} points.
                </li>
              </ol>
              <p className="text-xs text-gray-600">
                Up to {referral.rewards_per_month} rewards a month. A code cannot be used by its owner, or with an e-mail address
                or phone number we already know.
              </p>
            </section>

            <section aria-labelledby="what-you-earned" className="space-y-3">
              <h2 id="what-you-earned" className="text-lg font-semibold">
                What you earned
              </h2>
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                {[
                  ['Points earned', referral.points_earned],
                  [
                    'Friends registered',
                    referral.friends.registered +
                      referral.friends.ordered +
                      referral.friends.rewarded +
                      referral.friends.not_rewarded,
                  ],
                  ['Waiting for the return window', referral.friends.ordered],
                  ['Rewarded', referral.friends.rewarded],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg border border-gray-200 p-4">
                    <dt className="text-xs text-gray-600">{label}</dt>
                    <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
              <Link to={PointsPages.myFriends} className={`text-sm ${linkClass}`}>
                See my friends
              </Link>
            </section>
          </>
        )}
      </Loaded>
    </section>
  );
}
