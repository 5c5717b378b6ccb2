import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DrawerHeader } from '../../components/ui/dialog';
import { MenuIcon } from '../../components/ui/icons';
import { chooseCurrency, useCurrencyState } from '../../lib/currency';
import { focusRing } from '../../lib/cx';
import { type Takeover, useTakeOverFocus } from '../../lib/load-on-intent';
import { signOut, useStoredUser, useUserToken } from '../../lib/session';
import { MESSAGES_PAGE, unreadLabel } from '../messages';
import { currencyWaitingText, menuTriggerClass } from './header-parts';
import { ACCOUNT_MENU_LINKS, categoryHomeHref, classifyHref, LOGIN_HREF, REGISTER_HREF } from './links';
import { SearchForm } from './search-form';
import type { CategoryNode } from './types';

/** spec 2 "Header" below 768 px: the drawer with the categories, search, currency and account. */
export function MobileMenuDrawer({ categories, initialOpen, focusTrigger }: { categories: CategoryNode[] } & Takeover) {
  const [open, setOpen] = useState(initialOpen);
  const triggerRef = useTakeOverFocus(focusTrigger);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={triggerRef} aria-label="Open menu" className={menuTriggerClass}>
        <MenuIcon width={22} height={22} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-sm flex-col bg-white shadow-2xl data-[state=open]:animate-drawer-in motion-reduce:animate-none"
        >
          <DrawerHeader title="Menu" closeLabel="Close menu" />
          <div className="flex-1 overflow-y-auto px-4 pt-4 pb-8">
            <SearchForm onSubmit={close} />
            {categories.length > 0 ? (
              <nav aria-label="Shop by category" className="mt-6">
                <ul className="divide-y divide-gray-200 border-y border-gray-200">
                  {categories.map((category) => (
                    <li key={category.id} className="py-3">
                      <Link
                        to={categoryHomeHref(category)}
                        onClick={close}
                        className={`flex min-h-11 items-center text-sm font-semibold uppercase tracking-[0.18em] text-gray-950 ${focusRing}`}
                      >
                        {category.name}
                      </Link>
                      {category.children.length > 0 ? (
                        <ul className="grid grid-cols-2 gap-x-4 pb-1">
                          {category.children.map((child) => (
                            <li key={child.id}>
                              <Link
                                to={classifyHref(child)}
                                onClick={close}
                                className={`flex min-h-10 items-center text-sm text-gray-700 hover:text-gray-950 hover:underline ${focusRing}`}
                              >
                                {child.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <section aria-labelledby="mobile-menu-currency" className="mt-6">
              <h3 id="mobile-menu-currency" className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-gray-600">
                Currency
              </h3>
              <CurrencyRadioList />
            </section>
            <section aria-labelledby="mobile-menu-account" className="mt-6">
              <h3 id="mobile-menu-account" className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-gray-600">
                Account
              </h3>
              <AccountLinkList onNavigate={close} />
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The currency choice as a group of radio buttons. */
function CurrencyRadioList() {
  const { currencies, current, status } = useCurrencyState();
  const name = useId();
  if (currencies.length === 0) {
    return (
      <p role="status" className="text-sm text-gray-700">
        {currencyWaitingText(status)}
      </p>
    );
  }
  return (
    <fieldset>
      <legend className="sr-only">Currency</legend>
      <div className="grid grid-cols-1 gap-1 min-[400px]:grid-cols-2">
        {currencies.map((currency) => (
          <label
            key={currency.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-gray-800 has-[:checked]:bg-gray-100 has-[:checked]:font-semibold has-[:checked]:text-gray-950"
          >
            <input
              type="radio"
              name={name}
              value={currency.currency_code}
              checked={currency.currency_code === current.currency_code}
              onChange={() => chooseCurrency(currency.currency_code)}
              className="size-4 shrink-0 accent-gray-900"
            />
            <span translate="no">
              {currency.currency_code} {currency.unit}
            </span>
            <span className="min-w-0 truncate text-gray-600">{currency.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The account links as a plain list: Sign In and Join for a guest. */
function AccountLinkList({ onNavigate }: { onNavigate: () => void }) {
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
  const unread = user?.unread_messages ?? 0;
  return (
    <div>
      {firstName ? <p className="mb-1 text-sm text-gray-600">Signed in as {firstName}</p> : null}
      <ul>
        {ACCOUNT_MENU_LINKS.map((entry) => (
          <li key={entry.href}>
            <Link to={entry.href} onClick={onNavigate} className={linkClass}>
              {entry.label}
              {entry.href === MESSAGES_PAGE && unread > 0 ? (
                <>
                  <span
                    aria-hidden="true"
                    className="ml-2 rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white"
                  >
                    {unread}
                  </span>
                  <span className="sr-only">, {unreadLabel(unread)}</span>
                </>
              ) : null}
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
