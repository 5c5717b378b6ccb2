import { CODE_OK } from '@shop/contracts';
import type { TUserEditForm, TUserInfo } from '@shop/contracts/auth';
import { nationalPart, userEditPayload } from '@shop/contracts/auth-rules';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { NameAndPhoneFields } from '../../components/ui/name-and-phone-fields';
import { api } from '../../lib/api';
import { lazyResolver, showServerFieldErrors } from '../../lib/forms';
import { LocalKeys, local } from '../../lib/storage';
import { notify } from '../../lib/toast';

const resolver = lazyResolver(() => import('./profile-resolver').then((rules) => rules.profileResolver));

const FIELDS: readonly Path<TUserEditForm>[] = ['first_name', 'last_name', 'mobile', 'code'];

/** POST /shop/user/edit with the register rules (spec 7); the saved profile replaces the stored one. */
export function ProfileForm({ user, onSaved }: { user: TUserInfo; onSaved: (user: TUserInfo) => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<TUserEditForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      code: user.code,
      mobile: nationalPart(user.mobile, user.code),
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { isDirty },
    reset,
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const envelope = await api.post<TUserInfo>('/shop/user/edit', userEditPayload(values));
      if (envelope.code === CODE_OK) {
        local.set(LocalKeys.userInfo, JSON.stringify(envelope.result));
        notify.success('Your profile is saved');
        reset({ ...values });
        onSaved(envelope.result);
      } else {
        showServerFieldErrors(envelope.result, FIELDS, setError, {});
      }
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload} className="flex max-w-xl flex-col gap-4" aria-label="Profile">
      <NameAndPhoneFields form={form} defaultCountry={user.code} />
      <Field
        label="Email"
        type="email"
        value={user.email}
        readOnly
        disabled
        hint="Your e-mail is your sign-in name: change it with Change email above."
      />
      <div>
        <Button type="submit" busy={saving} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
