import { CODE_OK } from '@shop/contracts';
import type { TUserInfo } from '@shop/contracts/auth';
import { EMAIL_CODE_RULES, EmailCodeMessages, type TEmailCodeSent } from '@shop/contracts/email-codes';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/dialog';
import { EmailCodeForm, useEmailCode } from '../../components/ui/email-code-form';
import { api } from '../../lib/api';
import { LocalKeys, local } from '../../lib/storage';
import { notify } from '../../lib/toast';

/**
 * AccountInfo's change of e-mail (decision 0028): the shopper enters the new address, a code goes
 * to it (`/shop/user/email/change/send`), and the code makes it the account's address
 * (`/shop/user/email/change`). An address another account uses is refused beside the field. On
 * success the stored user info is replaced and the dialog closes.
 */
export function ChangeEmail({ user, onChanged }: { user: TUserInfo; onChanged: (user: TUserInfo) => void }) {
  const [open, setOpen] = useState(false);
  const form = useEmailCode({
    showEmailError: true,
    clearOnSuccess: true,
    sendCode: (email) => api.post<TEmailCodeSent>('/shop/user/email/change/send', { email }),
    confirm: async (email, code) => {
      const envelope = await api.post<TUserInfo>('/shop/user/email/change', { email, code });
      if (envelope.code === CODE_OK) {
        local.set(LocalKeys.userInfo, JSON.stringify(envelope.result));
        notify.success(envelope.msg || EmailCodeMessages.emailChanged);
        onChanged(envelope.result);
        setOpen(false);
      }
      return envelope;
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Change email</Button>}
      title="Change your email"
    >
      <Dialog.Description className="mb-4 text-sm text-gray-700">
        You sign in with {user.email} today. We send a {EMAIL_CODE_RULES.digits}-digit code to the new address; enter it here to
        make it your sign-in name. We tell your current address about the change.
      </Dialog.Description>
      <EmailCodeForm form={form} label="Change your email" emailLabel="New email" submitLabel="Change email" />
    </FormDialog>
  );
}
