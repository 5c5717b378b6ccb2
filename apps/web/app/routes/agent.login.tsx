import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormSkeleton } from '../components/ui/skeleton';
import { useChatLanguage } from '../features/chat/language';
import { LanguageSelect } from '../features/chat-console/language-select';
import { signInTexts } from '../features/chat-console/sign-in-texts';
import { AGENT_CONSOLE_PATH, type StaffSignOut, takeStaffSignedOut, useStaffToken } from '../features/chat-console/staff-session';

// The form and its rules load beside the page, out of its first load; its place shows an outline until then.
const loadForm = () => import('../features/chat-console/sign-in-form');
if (typeof document !== 'undefined') loadForm().catch(() => undefined);
const AgentSignInForm = lazy(() => loadForm().then((module) => ({ default: module.AgentSignInForm })));

export const meta = () => [{ title: 'Agent sign-in' }, { name: 'robots', content: 'noindex' }];

/** A staff page, outside the storefront's frame and its chat widget. */
export const handle = { staffPage: true };

/** /agent/login: support agents sign in here to open the console. */
export default function AgentLoginRoute() {
  const language = useChatLanguage();
  const texts = signInTexts[language];
  const token = useStaffToken();
  const navigate = useNavigate();
  // the console sent the agent here because their session ended (read after hydration: storage is the browser's)
  const [signedOut, setSignedOut] = useState<StaffSignOut | null>(null);
  useEffect(() => setSignedOut(takeStaffSignedOut()), []);

  // an agent already signed in goes straight to the console
  useEffect(() => {
    if (token) navigate(AGENT_CONSOLE_PATH, { replace: true });
  }, [token, navigate]);

  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-[420px] rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-xl font-semibold text-gray-900">{texts.signInTitle}</h1>
            <p className="mt-1 text-sm text-gray-600">{texts.signInIntro}</p>
          </div>
          <LanguageSelect language={language} texts={texts} />
        </div>
        {signedOut ? (
          <div role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-agent-signed-out="">
            <p className="font-semibold">{signedOut === 'forbidden' ? texts.notAnAgent : texts.signedOut}</p>
            <p>{signedOut === 'forbidden' ? texts.roleRefusedHint : texts.signedOutHint}</p>
          </div>
        ) : null}
        <Suspense fallback={<FormSkeleton fields={2} />}>
          <AgentSignInForm texts={texts} />
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
