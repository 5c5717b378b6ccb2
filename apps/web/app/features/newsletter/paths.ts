/** spec 2: after the 'Verify your email' dialog the shopper goes to myPoints. */
export const MY_POINTS_HREF = '/ShoppingListMain/MyPoints';

/** The sign-in page's tab for the address just subscribed, coming back to myPoints afterwards. */
export function signInWithEmailHref(email: string, tab: 'sign-in' | 'register'): string {
  const query = new URLSearchParams({ ...(tab === 'register' ? { tab: 'register' } : {}), email, redirect: MY_POINTS_HREF });
  return `/login?${query.toString()}`;
}
