import { Link } from 'react-router';
import { UserIcon } from '../../components/ui/icons';
import { focusRing } from '../../lib/cx';
import { onDemand, useLoadOnIntent } from '../../lib/load-on-intent';
import { useStoredUser, useUserToken } from '../../lib/session';
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
  if (!token) return <GuestLinks />;
  return <AccountMenu firstName={user?.first_name?.trim() || null} />;
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
function AccountMenu({ firstName }: { firstName: string | null }) {
  const { arrived, trigger } = useLoadOnIntent(dropdown);
  if (arrived) {
    const { AccountDropdown } = arrived.module;
    return <AccountDropdown firstName={firstName} initialOpen={arrived.initialOpen} focusTrigger={arrived.focusTrigger} />;
  }
  return (
    <button {...trigger} type="button" aria-haspopup="menu" className={accountTriggerClass}>
      <AccountTriggerLabel firstName={firstName} />
    </button>
  );
}
