import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';
import type { Route } from './+types/login';

/** spec 2: two tabs, Sign in (0) and Register (1). */
const SIGN_IN = '0';
const REGISTER = '1';
type AuthTab = typeof SIGN_IN | typeof REGISTER;

/** `?tab=register` or `?tab=1` opens the Register tab; anything else opens Sign in. */
const tabFromQuery = (tab: string | null): AuthTab => (tab === 'register' || tab === REGISTER ? REGISTER : SIGN_IN);

export const meta: Route.MetaFunction = () => [{ title: 'Sign in or register' }, { name: 'robots', content: 'noindex' }];

const tabClass =
  'min-h-12 flex-1 border-b-2 border-transparent px-4 text-base font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900';

export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const queryTab = tabFromQuery(searchParams.get('tab'));
  const [tab, setTab] = useState<AuthTab>(queryTab);

  // A link to /login?tab=… followed while this page is open (the header's "Join") switches the tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow navigations, identified by their key
  useEffect(() => {
    setTab(queryTab);
  }, [location.key]);

  const choose = (value: string) => {
    const next = value === REGISTER ? REGISTER : SIGN_IN;
    setTab(next);
    // Keep the address shareable without a navigation (which would reload the page's data).
    const url = new URL(window.location.href);
    if (next === REGISTER) url.searchParams.set('tab', 'register');
    else url.searchParams.delete('tab');
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className="mx-auto w-full max-w-[480px] px-4 py-8 sm:py-12">
      <h1 className="sr-only">Sign in or register</h1>
      <Tabs.Root value={tab} onValueChange={choose} className="rounded-lg bg-white sm:border sm:border-gray-200 sm:shadow-sm">
        <Tabs.List aria-label="Sign in or register" className="flex border-b border-gray-200">
          <Tabs.Trigger value={SIGN_IN} className={tabClass}>
            Sign in
          </Tabs.Trigger>
          <Tabs.Trigger value={REGISTER} className={tabClass}>
            Register
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content
          value={SIGN_IN}
          forceMount
          className="py-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=inactive]:hidden sm:px-8 sm:py-8"
        >
          <LoginForm />
        </Tabs.Content>
        <Tabs.Content
          value={REGISTER}
          forceMount
          className="py-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=inactive]:hidden sm:px-8 sm:py-8"
        >
          <RegisterForm />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
