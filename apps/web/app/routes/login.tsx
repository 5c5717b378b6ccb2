import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Skeleton } from '../components/ui/skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs';
import { LoginForm } from '../features/auth/login-form';
import { useHydrated } from '../lib/forms';
import type { Route } from './+types/login';

/** spec 2: two tabs, Sign in (0) and Register (1). */
const SIGN_IN = '0';
const REGISTER = '1';
type AuthTab = typeof SIGN_IN | typeof REGISTER;

/** `?tab=register` or `?tab=1` opens the Register tab, as does a share link's `?invite=CODE`; anything else opens Sign in. */
const tabFromQuery = (tab: string | null, invite: string): AuthTab =>
  tab === 'register' || tab === REGISTER || invite !== '' ? REGISTER : SIGN_IN;

/** A share link's invitation code (`/login?invite=CODE`), kept only when it can be one. */
const inviteFromQuery = (invite: string | null): string => (invite && /^[A-Za-z0-9]{1,16}$/.test(invite) ? invite : '');

// The register form brings the phone numbers' metadata, the country list and the register rules:
// it is imported when the Register tab is wanted (pointed at, focused or opened), not with the page.
const loadRegisterForm = () => import('../features/auth/register-form');
const RegisterForm = lazy(() => loadRegisterForm().then((module) => ({ default: module.RegisterForm })));
const preloadRegisterForm = () => {
  loadRegisterForm().catch(() => undefined);
};

export const meta: Route.MetaFunction = () => [{ title: 'Sign in or register' }, { name: 'robots', content: 'noindex' }];

const tabClass =
  'min-h-12 flex-1 border-b-2 border-transparent px-4 text-base font-semibold text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=active]:border-gray-900 data-[state=active]:text-gray-900';
const panelClass =
  'py-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900 data-[state=inactive]:hidden sm:px-8 sm:py-8';

export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const invite = inviteFromQuery(searchParams.get('invite'));
  const queryTab = tabFromQuery(searchParams.get('tab'), invite);
  const [tab, setTab] = useState<AuthTab>(queryTab);
  // once opened, the register form stays mounted, so what was typed in it survives a look at Sign in
  const [registerOpened, setRegisterOpened] = useState(queryTab === REGISTER);

  // A link to /login?tab=… followed while this page is open (the header's "Join") switches the tab.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow navigations, identified by their key
  useEffect(() => {
    setTab(queryTab);
    if (queryTab === REGISTER) setRegisterOpened(true);
  }, [location.key]);

  const choose = (value: string) => {
    const next = value === REGISTER ? REGISTER : SIGN_IN;
    setTab(next);
    if (next === REGISTER) setRegisterOpened(true);
    // Keep the address shareable without a navigation (which would reload the page's data).
    const url = new URL(window.location.href);
    if (next === REGISTER) url.searchParams.set('tab', 'register');
    else url.searchParams.delete('tab');
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className="mx-auto w-full max-w-[480px] px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-2xl font-semibold text-gray-950 sm:text-center">Sign in or register</h1>
      <Tabs value={tab} onValueChange={choose} className="rounded-lg bg-white sm:border sm:border-gray-200 sm:shadow-sm">
        <TabList aria-label="Sign in or register" className="flex border-b border-gray-200">
          <Tab value={SIGN_IN} className={tabClass}>
            Sign in
          </Tab>
          <Tab value={REGISTER} className={tabClass} onPointerEnter={preloadRegisterForm} onFocus={preloadRegisterForm}>
            Register
          </Tab>
        </TabList>
        <TabPanel value={SIGN_IN} keepMounted className={panelClass}>
          <LoginForm />
        </TabPanel>
        <TabPanel value={REGISTER} keepMounted className={panelClass}>
          {/* drawn in the browser only: the server and the first render show that it is on its way */}
          {registerOpened ? (
            hydrated ? (
              <Suspense fallback={<RegisterFormLoading />}>
                <RegisterForm invitationCode={invite} />
              </Suspense>
            ) : (
              <RegisterFormLoading />
            )
          ) : null}
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** The register form's place while its code loads: its fields' outline, and a word for screen readers. */
function RegisterFormLoading() {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading the register form…
      </span>
      <Skeleton className="h-10" />
      {[0, 1, 2, 3, 4].map((field) => (
        <div key={field} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-11" />
        </div>
      ))}
      <Skeleton className="mt-1 h-11 rounded-full" />
    </div>
  );
}
