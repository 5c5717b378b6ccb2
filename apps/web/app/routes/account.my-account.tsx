import type { TUserInfo } from '@shop/contracts/auth';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES_PAGE } from '../features/messages';
import { PageHeader } from '../features/points';
import { loadUserInfo, useStoredUser } from '../lib/session';

export const meta = () => [{ title: 'My Account' }, { name: 'robots', content: 'noindex' }];

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-gray-100 py-3 sm:flex-row sm:gap-6">
      <dt className="w-40 shrink-0 text-sm text-gray-600">{label}</dt>
      <dd className="text-sm font-medium text-gray-900 break-all">{value}</dd>
    </div>
  );
}

/** /ShoppingListMain/MyAccount: the shopper's details, fetched fresh on every visit. */
export default function MyAccount() {
  const stored = useStoredUser();
  const [user, setUser] = useState<TUserInfo | null>(stored);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(stored ? 'ready' : 'loading');

  useEffect(() => {
    let active = true;
    loadUserInfo().then((fresh) => {
      if (!active) return;
      if (fresh) {
        setUser(fresh);
        setState('ready');
      } else {
        setState((current) => (current === 'ready' ? current : 'failed'));
      }
    });
    return () => {
      active = false;
    };
  }, []);

  if (state === 'loading' && !user) {
    return (
      <div aria-busy="true" aria-live="polite" className="space-y-4">
        <span className="sr-only">Loading your account…</span>
        <div className="h-8 w-64 animate-pulse rounded bg-gray-200" />
        <div className="h-40 animate-pulse rounded bg-gray-100" />
      </div>
    );
  }
  if (!user) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
        <h1 className="text-lg font-semibold text-red-900">We couldn’t load your account</h1>
        <p className="mt-2 text-sm text-red-800">Check your connection and reload the page.</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="my-account-title" className="space-y-8">
      <PageHeader
        id="my-account-title"
        title={
          <>
            Hello, {user.first_name} {user.last_name}
          </>
        }
      />

      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-gray-200 p-5">
          <p className="text-sm text-gray-600">Points</p>
          <p className="mt-1 text-3xl font-semibold" data-testid="points">
            {user.points}
          </p>
          <Link to="/ShoppingListMain/MyPoints" className="mt-2 inline-block text-sm font-semibold underline underline-offset-4">
            My Points
          </Link>
        </div>
        <div className="rounded-lg border border-gray-200 p-5">
          <p className="text-sm text-gray-600">Unread messages</p>
          <p className="mt-1 text-3xl font-semibold" data-testid="unread-messages">
            {user.unread_messages}
          </p>
          <Link to={MESSAGES_PAGE} className="mt-2 inline-block text-sm font-semibold underline underline-offset-4">
            My Messages
          </Link>
        </div>
        <div className="rounded-lg border border-gray-200 p-5">
          <p className="text-sm text-gray-600">Your invitation code</p>
          <p className="mt-1 font-mono text-2xl font-semibold tracking-widest">{user.invitation_code}</p>
          <p className="mt-2 text-xs text-gray-600">Friends who register with it are linked to your account.</p>
          <Link to="/ShoppingListMain/ByFriends" className="mt-2 inline-block text-sm font-semibold underline underline-offset-4">
            Invite friends
          </Link>
        </div>
      </div>

      <div>
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">Profile</h2>
          <Link to="/ShoppingListMain/AccountInfo" className="text-sm font-semibold underline underline-offset-4">
            Edit profile
          </Link>
        </div>
        <dl className="mt-2">
          <Detail label="Name" value={`${user.first_name} ${user.last_name}`} />
          <Detail label="Email" value={user.email} />
          <Detail label="Phone" value={user.mobile} />
          <Detail label="Member since" value={memberSince(user.created_at)} />
        </dl>
      </div>
    </section>
  );
}
