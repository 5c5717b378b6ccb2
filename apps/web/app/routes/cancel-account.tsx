import type { TUserInfo } from '@shop/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DownloadMyData } from '../features/account/download-data';
import { CancelAccountForm } from '../features/auth/cancel-account-form';
import { loadUserInfo, useStoredUser, useUserToken } from '../lib/session';

export const meta = () => [{ title: 'Cancel the account' }, { name: 'robots', content: 'noindex' }];

const linkClass = 'inline-flex min-h-11 items-center underline underline-offset-4 hover:text-gray-600';

/**
 * /cancelAccount (spec 2): what cancelling does, said plainly, then the code and a last
 * confirmation. A guest is asked to sign in and comes back here.
 */
export default function CancelAccountRoute() {
  const token = useUserToken();
  const stored = useStoredUser();
  const [user, setUser] = useState<TUserInfo | null>(stored);
  const [hydrated, setHydrated] = useState(false);
  const [cancelledEmail, setCancelledEmail] = useState('');
  const doneHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!token) return;
    let active = true;
    loadUserInfo().then((fresh) => {
      if (active && fresh) setUser(fresh);
    });
    return () => {
      active = false;
    };
  }, [token]);
  useEffect(() => {
    if (cancelledEmail) doneHeading.current?.focus();
  }, [cancelledEmail]);

  if (cancelledEmail) {
    return (
      <div className="mx-auto w-full max-w-[560px] px-4 py-8 sm:py-12">
        <div className="space-y-4 rounded-lg bg-white sm:border sm:border-gray-200 sm:px-8 sm:py-8 sm:shadow-sm">
          <h1 ref={doneHeading} tabIndex={-1} className="text-2xl font-semibold outline-none">
            Your account has been cancelled
          </h1>
          <p className="text-sm text-gray-700">
            We have erased your personal data and signed out every device. A last e-mail is on its way to {cancelledEmail}. You
            are welcome to open a new account with this address at any time.
          </p>
          <Link
            to="/"
            reloadDocument
            className="inline-flex min-h-11 items-center rounded-md bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700"
          >
            Back to the shop
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-[560px] px-4 py-8 sm:py-12">
      <div className="space-y-6 rounded-lg bg-white sm:border sm:border-gray-200 sm:px-8 sm:py-8 sm:shadow-sm">
        <header>
          <h1 className="text-2xl font-semibold">Cancel the account</h1>
          <p className="mt-2 text-sm text-gray-700">Cancelling closes your account for good. Here is what happens:</p>
        </header>
        <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800">
          <li>Your name, e-mail address, phone, addresses, bag, wishlist, browsing history and points are erased.</li>
          <li>Your chat name and picture are removed, and you are signed out on every device.</li>
          <li>Past orders stay in the shop’s books, without your name or address. Unpaid orders are cancelled.</li>
          <li>You cannot cancel while an order is paid but not yet delivered.</li>
          <li>Your e-mail address becomes free: you can open a new account with it later.</li>
        </ul>
        <div className="space-y-6">
          {!hydrated || (token && !user) ? (
            // as tall as the signed-in shopper's part (the download, the code and the form), so the footer stays put;
            // a signed-in shopper whose profile is on its way sees it too, not the guest's "please sign in"
            <div aria-busy="true" className="h-[510px] animate-pulse rounded bg-gray-100 sm:h-[490px]">
              <span className="sr-only">Loading…</span>
            </div>
          ) : token && user ? (
            <>
              <p className="text-sm text-gray-700">
                Want a copy first? <DownloadMyData className="ml-1" />
              </p>
              <p className="text-sm text-gray-700">
                We send a code to <span className="font-medium">{user.email}</span> to make sure it is you.
              </p>
              <CancelAccountForm email={user.email} onCancelled={() => setCancelledEmail(user.email)} />
            </>
          ) : (
            <div className="space-y-3">
              <p className="text-sm text-gray-800">Please sign in to the account you want to cancel.</p>
              <Link
                to="/login?redirect=%2FcancelAccount"
                className="inline-flex min-h-11 items-center rounded-md bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700"
              >
                Sign in to continue
              </Link>
            </div>
          )}
        </div>
        <p className="text-sm">
          <Link to="/" className={linkClass}>
            Keep shopping
          </Link>
        </p>
      </div>
    </div>
  );
}
