import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccountLinkList } from './account-menu';
import { CurrencyRadioList } from './currency-picker';
import { CloseIcon, MenuIcon } from './icons';
import { categoryHomeHref, classifyHref } from './links';
import { SearchForm } from './search-form';
import type { CategoryNode } from './types';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/** spec 2 "Header" below 768 px: a menu button opening a drawer with the categories, search, currency and account. */
export function MobileMenu({ categories }: { categories: CategoryNode[] }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Open menu"
        className={`-ml-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
      >
        <MenuIcon width={22} height={22} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-sm flex-col bg-white shadow-2xl data-[state=open]:animate-drawer-in motion-reduce:animate-none"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-gray-200 px-4">
            <Dialog.Title className="text-xs font-semibold uppercase tracking-[0.2em] text-gray-900">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
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
