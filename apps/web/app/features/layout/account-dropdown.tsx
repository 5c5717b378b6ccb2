import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { type Takeover, useTakeOverFocus } from '../../lib/load-on-intent';
import { signOut } from '../../lib/session';
import { MESSAGES_PAGE, unreadLabel } from '../messages';
import { AccountTriggerLabel, accountTriggerClass } from './header-parts';
import { ACCOUNT_MENU_LINKS } from './links';
import { MenuPanel } from './menu-panel';

const itemClass =
  'flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-gray-800 outline-none select-none data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-950';

/** spec 2 "Header": the signed-in shopper's menu — the account pages and Sign out. */
export function AccountDropdown({
  firstName,
  unread,
  initialOpen,
  focusTrigger,
}: { firstName: string | null; unread: number } & Takeover) {
  const triggerRef = useTakeOverFocus(focusTrigger);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={initialOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={accountTriggerClass}>
        <AccountTriggerLabel firstName={firstName} unread={unread} />
      </DropdownMenu.Trigger>
      <MenuPanel className="z-50 min-w-56 rounded-lg border border-gray-200 bg-white p-1.5 shadow-lg">
        {ACCOUNT_MENU_LINKS.map((entry) => (
          <DropdownMenu.Item key={entry.href} asChild className={itemClass}>
            <Link to={entry.href}>
              {entry.href === MESSAGES_PAGE && unread > 0 ? (
                <>
                  <span className="flex-1">{entry.label}</span>
                  <span
                    aria-hidden="true"
                    className="ml-3 rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white"
                  >
                    {unread}
                  </span>
                  <span className="sr-only">, {unreadLabel(unread)}</span>
                </>
              ) : (
                entry.label
              )}
            </Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1.5 h-px bg-gray-200" />
        <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
          Sign out
        </DropdownMenu.Item>
      </MenuPanel>
    </DropdownMenu.Root>
  );
}
