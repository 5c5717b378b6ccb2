import type { TUserInfo } from '@shop/contracts/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DownloadMyData } from '../features/account/download-data';
import { PageHeader } from '../features/points';
import { loadUserInfo, useStoredUser } from '../lib/session';

// The form brings the profile rules, the phone input and the phone numbers' metadata: out of the
// page's first load, its code is asked for as soon as this route's code runs in the browser (beside
// hydration and the profile's request), and its place shows the loading outline until it arrives.
const loadProfileForm = () => import('../features/account/profile-form');
if (typeof document !== 'undefined') loadProfileForm().catch(() => undefined);
const ProfileForm = lazy(() => loadProfileForm().then((module) => ({ default: module.ProfileForm })));
// the verify-email dialog brings the e-mail rules: loaded the same way, beside the profile form
const VerifyEmail = lazy(() => import('../features/auth/verify-email').then((module) => ({ default: module.VerifyEmail })));
// the change of e-mail (a code to the new address) comes the same way
const ChangeEmail = lazy(() => import('../features/account/change-email').then((module) => ({ default: module.ChangeEmail })));

export const meta = () => [{ title: 'Account Info' }, { name: 'robots', content: 'noindex' }];

/**
 * /ShoppingListMain/AccountInfo: the shopper edits name and phone, sees whether the e-mail is
 * verified (`?verify=<code>`, the e-mailed link, opens the dialog with the code), changes the
 * e-mail with a code sent to the new address, and finds the way to change the password.
 */
export default function AccountInfo() {
  const stored = useStoredUser();
  const [searchParams] = useSearchParams();
  const [user, setUser] = useState<TUserInfo | null>(stored);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    loadUserInfo().then((fresh) => {
      if (!active) return;
      if (fresh) setUser(fresh);
      else setFailed(true);
    });
    return () => {
      active = false;
    };
  }, []);

  return (
    <section aria-labelledby="account-info-title" className="space-y-6">
      <PageHeader id="account-info-title" eyebrow="Account Info" title="Your profile" />
      {user ? (
        <>
          <Suspense fallback={<ProfileLoading />}>
            <VerifyEmail
              key={`verify-${user.id}-${user.email}`}
              user={user}
              initialCode={searchParams.get('verify') ?? ''}
              onVerified={setUser}
            />
            <div>
              <ChangeEmail user={user} onChanged={setUser} />
            </div>
            <ProfileForm key={user.id} user={user} onSaved={setUser} />
          </Suspense>
          <p className="text-sm">
            <Link
              to="/ShoppingListMain/password"
              className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-gray-600"
            >
              Change your password
            </Link>
          </p>
          <section aria-labelledby="your-data-title" className="max-w-xl space-y-2 border-t border-gray-200 pt-6">
            <h2 id="your-data-title" className="text-lg font-semibold">
              Your data
            </h2>
            <p className="text-sm text-gray-700">
              One JSON file with everything we hold about you: profile, addresses, orders, wishlist, browsing history, points and
              chat transcripts.
            </p>
            <DownloadMyData />
            <p className="text-sm">
              <Link
                to="/cancelAccount"
                className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-gray-600"
              >
                Cancel the account
              </Link>
            </p>
          </section>
        </>
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700">
          We couldn’t load your profile. Check your connection and reload the page.
        </p>
      ) : (
        <ProfileLoading />
      )}
    </section>
  );
}

/**
 * The profile's place while its code and data arrive: as tall as the e-mail status, the change of
 * e-mail and the form at each width, so the links and "Your data" below do not move when they do.
 */
function ProfileLoading() {
  return (
    <div aria-busy="true" className="h-[626px] max-w-xl animate-pulse rounded bg-gray-100 md:h-[526px] lg:h-[498px]">
      <span className="sr-only">Loading your profile…</span>
    </div>
  );
}
