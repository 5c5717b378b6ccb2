import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_OK } from '@shop/contracts';
import { passwordChecks } from '@shop/contracts/auth-rules';
import { EmailCodeMessages, type TChangePasswordRequest, ZChangePasswordRequest } from '@shop/contracts/email-codes';
import { useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { api } from '../../lib/api';
import { showServerFieldErrors, useHydrated } from '../../lib/forms';
import { notify } from '../../lib/toast';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from './password-field';

const FIELDS: readonly Path<TChangePasswordRequest>[] = ['old_password', 'password', 'passwordConfirm'];
const EMPTY: TChangePasswordRequest = { old_password: '', password: '', passwordConfirm: '' };

/**
 * POST /api/change/password with the register rules shown live (spec 2). This session continues;
 * the shopper's other devices are signed out, and an e-mail says the password was changed.
 */
export function ChangePasswordForm() {
  const hydrated = useHydrated();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TChangePasswordRequest>({ resolver: zodResolver(ZChangePasswordRequest), mode: 'onTouched', defaultValues: EMPTY });
  const [oldPassword, password, passwordConfirm] = useWatch({ control, name: ['old_password', 'password', 'passwordConfirm'] });
  const checks = passwordChecks(password, passwordConfirm);

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setDone(false);
    try {
      const envelope = await api.post<null>('/api/change/password', values);
      if (envelope.code === CODE_OK) {
        notify.success(EmailCodeMessages.passwordChanged);
        reset(EMPTY);
        setDone(true);
      } else {
        showServerFieldErrors(envelope.result, FIELDS, setError);
      }
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-4" aria-label="Change password">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.old_password?.message}
        {...register('old_password')}
      />
      <NewPasswordFields
        confirmLabel="Confirm new password"
        register={register}
        errors={errors}
        password={password}
        confirmation={passwordConfirm}
      />
      <p aria-live="polite" className="text-sm text-green-800">
        {done ? `${EmailCodeMessages.passwordChanged} Your other devices have been signed out.` : null}
      </p>
      <div>
        <Button
          type="submit"
          busy={saving}
          disabled={!hydrated || !oldPassword || !checks.length || !checks.cases || !checks.match}
        >
          Change password
        </Button>
      </div>
    </form>
  );
}
