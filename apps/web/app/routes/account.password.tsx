import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { FormSkeleton } from '../components/ui/skeleton';

// The form brings the password rules (zod): loaded beside hydration, out of the page's first load.
const loadForm = () => import('../features/auth/change-password-form');
if (typeof document !== 'undefined') loadForm().catch(() => undefined);
const ChangePasswordForm = lazy(() => loadForm().then((module) => ({ default: module.ChangePasswordForm })));

export const meta = () => [{ title: 'Change password' }, { name: 'robots', content: 'noindex' }];

/** /ShoppingListMain/password (spec 2, guarded by the account area): change the password. */
export default function AccountPassword() {
  return (
    <section aria-labelledby="password-title" className="space-y-6">
      <header>
        <p className="text-sm uppercase tracking-widest text-gray-600">Password</p>
        <h1 id="password-title" className="mt-1 text-2xl font-semibold md:text-3xl">
          Change your password
        </h1>
        <p className="mt-2 max-w-xl text-sm text-gray-700">
          You stay signed in here; every other device signed in to your account is signed out.{' '}
          <Link to="/forgotpassword" className="underline underline-offset-4 hover:text-gray-900">
            Forgot your current password?
          </Link>
        </p>
      </header>
      <Suspense fallback={<FormSkeleton />}>
        <ChangePasswordForm />
      </Suspense>
    </section>
  );
}
