import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { signOut, useStoredUser, useUserToken } from '../../lib/session';
import { ChevronDownIcon, UserIcon } from './icons';
import { ACCOUNT_MENU_LINKS, LOGIN_HREF, REGISTER_HREF } from './links';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const itemClass =
  'flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-gray-800 outline-none select-none data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-950';

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
        Sign In
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

function AccountMenu({ firstName }: { firstName: string | null }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={`inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-gray-900 hover:bg-gray-100 data-[state=open]:bg-gray-100 ${focusRing}`}
      >
        <UserIcon />
        <span className="sr-only md:not-sr-only">{firstName ? `Hi, ${firstName}` : 'Account'}</span>
        <ChevronDownIcon className="hidden md:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 min-w-56 rounded-lg border border-gray-200 bg-white p-1.5 shadow-lg"
        >
          {ACCOUNT_MENU_LINKS.map((entry) => (
            <DropdownMenu.Item key={entry.href} asChild className={itemClass}>
              <Link to={entry.href}>{entry.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1.5 h-px bg-gray-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The account links as a plain list, for the mobile menu. */
export function AccountLinkList({ onNavigate }: { onNavigate: () => void }) {
  const token = useUserToken();
  const user = useStoredUser();
  const linkClass = `flex min-h-11 items-center text-base text-gray-800 hover:text-gray-950 hover:underline underline-offset-4 ${focusRing}`;
  if (!token) {
    return (
      <div className="flex gap-3">
        <Link
          to={LOGIN_HREF}
          onClick={onNavigate}
          className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-gray-900 text-sm font-semibold text-gray-900 ${focusRing}`}
        >
          Sign In
        </Link>
        <Link
          to={REGISTER_HREF}
          onClick={onNavigate}
          className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-gray-900 text-sm font-semibold text-white ${focusRing}`}
        >
          Join
        </Link>
      </div>
    );
  }
  const firstName = user?.first_name?.trim();
  return (
    <div>
      {firstName ? <p className="mb-1 text-sm text-gray-600">Signed in as {firstName}</p> : null}
      <ul>
        {ACCOUNT_MENU_LINKS.map((entry) => (
          <li key={entry.href}>
            <Link to={entry.href} onClick={onNavigate} className={linkClass}>
              {entry.label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void signOut()} className={`${linkClass} w-full text-left`}>
            Sign out
          </button>
        </li>
      </ul>
    </div>
  );
}
