import { CODE_OK } from '@shop/contracts';
import type { TUserInfo } from '@shop/contracts/auth';
import { EMAIL_CODE_RULES, EmailCodeMessages, type TEmailCodeSent } from '@shop/contracts/email-codes';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/dialog';
import { EmailCodeForm, useEmailCode } from '../../components/ui/email-code-form';
import { api } from '../../lib/api';
import { loadUserInfo } from '../../lib/session';
import { notify } from '../../lib/toast';

/**
 * AccountInfo's e-mail status and the spec's 'Verify your email' dialog (spec 2, 4, 5): e-mail and
 * code fields and the send-code button with its 60 s countdown; 'Please enter email.' when a code
 * is asked for without an address, 'Please fill all fields.' when one is missing on submit. Success
 * shows the server's message, refreshes the user info and closes the dialog. `initialCode` comes
 * from the e-mailed link and opens the dialog at once.
 */
export function VerifyEmail({
  user,
  initialCode = '',
  onVerified,
}: {
  user: TUserInfo;
  initialCode?: string;
  onVerified: (user: TUserInfo) => void;
}) {
  const [open, setOpen] = useState(Boolean(initialCode) && !user.email_verified);
  const form = useEmailCode({
    initialEmail: user.email,
    initialCode,
    sendCode: (email) => api.post<TEmailCodeSent>('/api/email/sendEmailCode', { email, type: 'verify' }),
    confirm: async (email, code) => {
      const envelope = await api.post<TUserInfo>('/api/email/verifyEmail', { email, code });
      if (envelope.code === CODE_OK) {
        notify.success(envelope.msg || EmailCodeMessages.verified);
        onVerified((await loadUserInfo()) ?? envelope.result);
        setOpen(false);
      }
      return envelope;
    },
  });

  return (
    <div className="flex max-w-xl flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-gray-200 px-4 py-3">
      <p className="text-sm">
        <span className="font-medium">{user.email}</span>{' '}
        {user.email_verified ? (
          <span className="ml-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Verified</span>
        ) : (
          <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Not verified</span>
        )}
      </p>
      {user.email_verified ? null : (
        <FormDialog
          open={open}
          onOpenChange={setOpen}
          trigger={<Button variant="secondary">Verify your email</Button>}
          title="Verify your email"
        >
          <Dialog.Description className="mb-4 text-sm text-gray-700">
            We send a {EMAIL_CODE_RULES.digits}-digit code to your e-mail address; enter it here.
          </Dialog.Description>
          <EmailCodeForm form={form} label="Verify your email" submitLabel="Verify" />
        </FormDialog>
      )}
    </div>
  );
}
