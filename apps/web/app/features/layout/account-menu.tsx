import { useEffect } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '../../components/ui/icons';
import { focusRing } from '../../lib/cx';
import { onDemand, useLoadOnIntent } from '../../lib/load-on-intent';
import { loadUserInfo, useStoredUser, useUserToken } from '../../lib/session';
import { AccountTriggerLabel, accountTriggerClass } from './header-parts';
import { LOGIN_HREF, REGISTER_HREF } from './links';

const dropdown = onDemand(() => import('./account-dropdown'));

/**
 * spec 2 "Header": guests see Sign In and Join; a shopper with a stored token sees the account menu.
 * The server (and the first client render) has no token, so guests' links come first, then switch
 * after hydration.
 */
export function AccountArea() {
  const token = useUserToken();
  const user = useStoredUser();
  useFreshUserInfo(token);
  if (!token) return <GuestLinks />;
  return <AccountMenu firstName={user?.first_name?.trim() || null} unread={user?.unread_messages ?? 0} />;
}

let refreshedThisLoad = false;

/**
 * The stored user info is read again once per page load of a signed-in shopper, so the header's
 * name and unread count are the server's (messages arrive while the shopper is away).
 */
function useFreshUserInfo(token: string | null) {
  useEffect(() => {
    if (!token || refreshedThisLoad) return;
    refreshedThisLoad = true;
    void loadUserInfo();
  }, [token]);
}

function GuestLinks() {
  return (
    <div className="flex items-center gap-2 md:gap-3">
      <Link
        to={LOGIN_HREF}
        className={`inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-md px-2 text-sm font-medium text-gray-900 hover:underline underline-offset-4 ${focusRing}`}
      >
        <UserIcon />
        {/* on phones the icon alone, so the bag fits beside it (the link keeps its name) */}
        <span className="sr-only sm:not-sr-only">Sign In</span>
      </Link>
      <Link
        to={REGISTER_HREF}
        className={`hidden min-h-10 items-center rounded-full bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700 md:inline-flex ${focusRing}`}
      >
        Join
      </Link>
    </div>
  );
}

/** The account menu's button; the menu itself (account-dropdown) is loaded on intent. */
function AccountMenu({ firstName, unread }: { firstName: string | null; unread: number }) {
  const { arrived, trigger } = useLoadOnIntent(dropdown);
  if (arrived) {
    const { AccountDropdown } = arrived.module;
    return (
      <AccountDropdown
        firstName={firstName}
        unread={unread}
        initialOpen={arrived.initialOpen}
        focusTrigger={arrived.focusTrigger}
      />
    );
  }
  return (
    <button {...trigger} type="button" aria-haspopup="menu" className={accountTriggerClass}>
      <AccountTriggerLabel firstName={firstName} unread={unread} />
    </button>
  );
}
