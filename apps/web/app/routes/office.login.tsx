import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormSkeleton } from '../components/ui/skeleton';
import { takeStaffSignedOut, useStaffToken } from '../features/chat-console';
import { signInTexts } from '../features/chat-console/sign-in-texts';
import { OFFICE_PATH } from '../features/office/areas';

// The form and its rules load beside the page, out of its first load; its place shows an outline until then.
const loadForm = () => import('../features/chat-console/sign-in-form');
if (typeof document !== 'undefined') loadForm().catch(() => undefined);
const AgentSignInForm = lazy(() => loadForm().then((module) => ({ default: module.AgentSignInForm })));

export const meta = () => [{ title: 'Back office sign-in' }, { name: 'robots', content: 'noindex' }];

export const handle = { staffPage: true };

const texts = {
  ...signInTexts['en-us'],
  signInTitle: 'Back office sign-in',
  signInIntro: 'Sign in with your staff account to run the shop.',
  notAnAgent: 'This account cannot open the back office',
};

/** Only paths inside the back office are followed after signing in. */
const destinationOf = (search: string) => {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next === OFFICE_PATH || next.startsWith(`${OFFICE_PATH}/`) ? next : OFFICE_PATH;
};

/** /office/login: every staff role signs in here (the staff API's POST /admin/login). */
export default function OfficeLoginRoute() {
  const token = useStaffToken();
  const navigate = useNavigate();
  const [signedOut, setSignedOut] = useState(false);
  const [destination, setDestination] = useState(OFFICE_PATH);
  useEffect(() => {
    setSignedOut(takeStaffSignedOut() !== null);
    setDestination(destinationOf(window.location.search));
  }, []);
  useEffect(() => {
    if (token) navigate(destinationOf(window.location.search), { replace: true });
  }, [token, navigate]);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-[420px] rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-semibold text-gray-900">{texts.signInTitle}</h1>
        <p className="mt-1 mb-6 text-sm text-gray-600">{texts.signInIntro}</p>
        {signedOut ? (
          <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {texts.signedOutHint}
          </p>
        ) : null}
        <Suspense fallback={<FormSkeleton fields={2} />}>
          <AgentSignInForm texts={texts} destination={destination} acceptsRole={() => true} />
        </Suspense>
        <a
          href="/"
          className="mt-6 inline-flex min-h-11 items-center text-sm text-gray-700 underline underline-offset-4 hover:text-gray-900"
        >
          {texts.backToShop}
        </a>
      </div>
    </main>
  );
}
