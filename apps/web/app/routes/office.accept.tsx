import { AcceptInvitation } from '../features/office/accept-invitation';

export const meta = () => [{ title: 'Join the team | Back office' }, { name: 'robots', content: 'noindex' }];

export const handle = { staffPage: true };

/** /office/accept?token=…: where an invitation's link leads. */
export default function OfficeAcceptRoute() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-[420px] rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-1 text-xl font-semibold text-gray-900">Join the team</h1>
        <p className="mb-6 text-sm text-gray-600">Choose the password you will sign in to the back office with.</p>
        <AcceptInvitation />
      </div>
    </main>
  );
}
