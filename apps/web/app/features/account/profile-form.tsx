import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_OK } from '@shop/contracts';
import { nationalPart, type TUserEditForm, type TUserInfo, userEditPayload, ZUserEditForm } from '@shop/contracts/auth';
import { useState } from 'react';
import { type Path, useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PhoneInput } from '../../components/ui/phone-input';
import { api } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/forms';
import { LocalKeys, local } from '../../lib/storage';

const FIELDS: readonly Path<TUserEditForm>[] = ['first_name', 'last_name', 'mobile', 'code'];

/** POST /shop/user/edit with the register rules (spec 7); the saved profile replaces the stored one. */
export function ProfileForm({ user, onSaved }: { user: TUserInfo; onSaved: (user: TUserInfo) => void }) {
  const [saving, setSaving] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    getValues,
    trigger,
    getFieldState,
    formState: { errors, isDirty },
    reset,
  } = useForm<TUserEditForm>({
    resolver: zodResolver(ZUserEditForm),
    mode: 'onTouched',
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      code: user.code,
      mobile: nationalPart(user.mobile, user.code),
    },
  });
  const mobile = useController({ control, name: 'mobile' });

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const envelope = await api.post<TUserInfo>('/shop/user/edit', userEditPayload(values));
      if (envelope.code === CODE_OK) {
        local.set(LocalKeys.userInfo, JSON.stringify(envelope.result));
        toast.success('Your profile is saved');
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
    <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-4" aria-label="Profile">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
        <Field label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <PhoneInput
        name={mobile.field.name}
        value={mobile.field.value}
        inputRef={mobile.field.ref}
        defaultCountry={user.code}
        error={errors.mobile?.message}
        onBlur={mobile.field.onBlur}
        onChange={(phone) => {
          const countryChanged = phone.countryCode !== getValues('code');
          setValue('code', phone.countryCode, { shouldDirty: true });
          mobile.field.onChange(phone.phoneNumber);
          if (countryChanged && getFieldState('mobile').isTouched) void trigger('mobile');
        }}
      />
      <Field label="Email" type="email" value={user.email} readOnly disabled hint="Your e-mail is your sign-in name." />
      <div>
        <Button type="submit" busy={saving} disabled={!isDirty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
