import { SHOP_NAME } from '@shop/contracts';
import { Link } from 'react-router';
import { CartButton } from '../cart';
import { WishlistButton } from '../wishlist';
import { AccountArea } from './account-menu';
import { CategoryNav } from './category-nav';
import { CurrencyPicker } from './currency-picker';
import { HOME_LOGO_HREF } from './links';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import type { CategoryNode } from './types';

/**
 * spec 2 "Header": wordmark, search, currency picker, account, wishlist and bag, and the category
 * tabs with their sub-menus; below 768 px the categories, search, currency and account links move
 * into a drawer (the bag stays in the bar).
 */
export function SiteHeader({ categories }: { categories: CategoryNode[] }) {
  return (
    <header className="relative z-40 border-b border-gray-200 bg-white">
      <a
        href="#main"
        className="sr-only rounded-md bg-gray-900 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 md:h-20 md:gap-8 md:px-8">
        <div className="flex flex-1 items-center md:hidden">
          <MobileMenu categories={categories} />
        </div>
        <Link
          to={HOME_LOGO_HREF}
          className="font-display text-2xl leading-none tracking-[0.28em] text-gray-950 uppercase focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gray-900 md:text-3xl"
        >
          {SHOP_NAME}
        </Link>
        <div className="hidden flex-1 justify-center md:flex">
          <SearchForm className="w-full max-w-md" />
        </div>
        <div className="flex flex-1 items-center justify-end gap-1 md:flex-none">
          <div className="hidden md:block">
            <CurrencyPicker />
          </div>
          <AccountArea />
          <div className="hidden sm:block">
            <WishlistButton />
          </div>
          <CartButton />
        </div>
      </div>
      <CategoryNav categories={categories} />
    </header>
  );
}
