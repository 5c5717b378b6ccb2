import { NavLink, Outlet } from 'react-router';
import { AccountGuard } from '../features/account/account-guard';
import { cx } from '../lib/cx';
import { MY_COUPONS_PATH } from '../lib/paths';
import { signOut } from '../lib/session';

export const meta = () => [{ name: 'robots', content: 'noindex' }];

const sections = [
  { to: '/ShoppingListMain/MyAccount', label: 'My Account' },
  { to: '/ShoppingListMain/AccountInfo', label: 'Account Info' },
  { to: '/ShoppingListMain/MyOrder', label: 'My Order' },
  { to: '/ShoppingListMain/ReturnExchange', label: 'Return/Exchange' },
  { to: '/ShoppingListMain/address', label: 'Address' },
  { to: '/ShoppingListMain/password', label: 'Password' },
  { to: '/ShoppingListMain/MyWishlist', label: 'My Wishlist' },
  { to: MY_COUPONS_PATH, label: 'My Coupons' },
  { to: '/ShoppingListMain/MyMessage', label: 'My Messages' },
  { to: '/ShoppingListMain/MyPoints', label: 'My Points' },
  { to: '/ShoppingListMain/MyReviews', label: 'My Reviews' },
  { to: '/ShoppingListMain/ByFriends', label: 'Invite Friends' },
  { to: '/ShoppingListMain/MyFriends', label: 'My Friends' },
  { to: '/ShoppingListMain/notifications', label: 'Notifications' },
];

/** The account area (spec 2, /ShoppingListMain/*): a side menu and the page, behind the guard. */
export default function AccountLayout() {
  return (
    <AccountGuard>
      {/* at least a screen tall: the account pages fill in after their requests, and the footer
          below must not be pushed down the screen while they do (layout shift) */}
      <div className="mx-auto grid min-h-dvh max-w-6xl content-start gap-8 px-4 py-8 md:grid-cols-[220px_1fr] md:py-12">
        <nav aria-label="Account" className="min-w-0 md:border-r md:border-gray-200 md:pr-6">
          <ul className="flex gap-2 overflow-x-auto md:flex-col md:gap-1">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    cx(
                      'block whitespace-nowrap rounded-md px-3 py-2 text-sm',
                      isActive ? 'bg-gray-900 font-semibold text-white' : 'text-gray-800 hover:bg-gray-100',
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void signOut()}
                className="block w-full whitespace-nowrap rounded-md px-3 py-2 text-left text-sm text-gray-800 hover:bg-gray-100"
              >
                Sign out
              </button>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </AccountGuard>
  );
}
