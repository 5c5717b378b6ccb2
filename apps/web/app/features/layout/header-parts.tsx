import type { TCurrency } from '@shop/contracts/site';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons';
import type { CurrencyState } from '../../lib/currency';
import { focusRing } from '../../lib/cx';
import { unreadLabel } from '../messages';

/**
 * What the header's menu triggers look like, shared by the plain buttons the server renders and the
 * menus that take their place once their code has arrived (see load-on-intent).
 */

export const accountTriggerClass = `inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-gray-900 hover:bg-gray-100 data-[state=open]:bg-gray-100 ${focusRing}`;

export const currencyTriggerClass = `inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-900 hover:bg-gray-100 data-[state=open]:bg-gray-100 ${focusRing}`;

export const menuTriggerClass = `-ml-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`;

/** The account menu's trigger: the shopper's name, and a badge with the unread messages when there are some. */
export function AccountTriggerLabel({ firstName, unread = 0 }: { firstName: string | null; unread?: number }) {
  return (
    <>
      <span className="relative inline-flex">
        <UserIcon />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -top-1.5 -right-2 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </span>
      <span className="sr-only md:not-sr-only">{firstName ? `Hi, ${firstName}` : 'Account'}</span>
      {unread > 0 ? <span className="sr-only">, {unreadLabel(unread)}</span> : null}
      <ChevronDownIcon className="hidden md:block" />
    </>
  );
}

export function CurrencyTriggerLabel({ current }: { current: Pick<TCurrency, 'currency_code' | 'unit'> }) {
  return (
    <>
      <span className="sr-only">Currency: </span>
      <span translate="no">
        {current.currency_code} {current.unit}
      </span>
      <ChevronDownIcon />
    </>
  );
}

/** What the currency choices say while there is no list to choose from. */
export const currencyWaitingText = (status: CurrencyState['status']) =>
  status === 'failed' ? 'Currencies could not be loaded. Please try again later.' : 'Loading currencies…';
