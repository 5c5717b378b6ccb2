import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormSkeleton } from '../components/ui/skeleton';
import type { Route } from './+types/forgotpassword';

// The form brings the password rules (zod): out of the page's first load, its code is asked for as
// soon as this route's code runs in the browser, and its place shows a loading outline until then.
const loadForm = () => import('../features/auth/forgot-password-form');
if (typeof document !== 'undefined') loadForm().catch(() => undefined);
const ForgotPasswordForm = lazy(() => loadForm().then((module) => ({ default: module.ForgotPasswordForm })));

export const meta: Route.MetaFunction = () => [{ title: 'Forgot your password?' }, { name: 'robots', content: 'noindex' }];

/** /forgotpassword (spec 2): a code by e-mail, then a new password; the e-mailed link fills the form in. */
export default function ForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-[480px] px-4 py-8 sm:py-12">
      <div className="rounded-lg bg-white sm:border sm:border-gray-200 sm:px-8 sm:py-8 sm:shadow-sm">
        <h1 className="text-2xl font-semibold">Forgot your password?</h1>
        <p className="mt-2 mb-6 text-sm text-gray-700">
          Enter the e-mail of your account and we will send you a code to choose a new password.
        </p>
        {/* as tall as the form at each width (its e-mail and button stack on a phone): the link below stays put */}
        <Suspense
          fallback={
            <div className="min-h-[540px] sm:min-h-[488px]">
              <FormSkeleton fields={4} />
            </div>
          }
        >
          <ForgotPasswordForm email={searchParams.get('email') ?? ''} code={searchParams.get('code') ?? ''} />
        </Suspense>
        <p className="mt-6 text-sm">
          <Link to="/login" className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-gray-600">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
