import { Link, useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form';
import type { Route } from './+types/forgotpassword';

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
        <ForgotPasswordForm email={searchParams.get('email') ?? ''} code={searchParams.get('code') ?? ''} />
        <p className="mt-6 text-sm">
          <Link to="/login" className="inline-flex min-h-11 items-center underline underline-offset-4 hover:text-gray-600">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
