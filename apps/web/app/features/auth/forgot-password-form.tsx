import { zodResolver } from '@hookform/resolvers/zod';
import { CODE_OK, REDIRECT_AFTER_LOGIN_MS } from '@shop/contracts';
import { passwordChecks, type TTokenPair, ZEmail } from '@shop/contracts/auth';
import {
  EMAIL_CODE_RULES,
  EmailCodeMessages,
  type TEmailCodeSent,
  type TResetPasswordRequest,
  ZResetPasswordRequest,
} from '@shop/contracts/email-codes';
import { useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { countdownAfter, SendCodeButton } from '../../components/ui/send-code-button';
import { api } from '../../lib/api';
import { showServerFieldErrors, useHydrated } from '../../lib/forms';
import { EmailField } from './email-field';
import { NewPasswordFields } from './new-password-fields';
import { useSignInSubmit } from './use-sign-in-submit';

const FIELDS: readonly Path<TResetPasswordRequest>[] = ['email', 'code', 'password', 'passwordConfirm'];

/**
 * /forgotpassword: the shopper asks for a code (and a link) by e-mail, then sets a new password
 * with it and is signed in. The link of the message opens this page with the address and the code
 * filled in; a used or expired code says so, and the send-code button offers a new one.
 */
export function ForgotPasswordForm({ email = '', code = '' }: { email?: string; code?: string }) {
  const hydrated = useHydrated();
  const { sending, send } = useSignInSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    formState: { errors },
  } = useForm<TResetPasswordRequest>({
    resolver: zodResolver(ZResetPasswordRequest),
    mode: 'onTouched',
    defaultValues: { email, code, password: '', passwordConfirm: '' },
  });
  const [password, passwordConfirm] = useWatch({ control, name: ['password', 'passwordConfirm'] });
  const checks = passwordChecks(password, passwordConfirm);

  const sendCode = async () => {
    const parsed = ZEmail.safeParse(getValues('email'));
    if (!parsed.success) {
      setError('email', { type: 'manual', message: parsed.error.issues[0]?.message }, { shouldFocus: true });
      return null;
    }
    clearErrors('email');
    const envelope = await api.get<TEmailCodeSent>('/api/reset/password/email/send', { query: { email: parsed.data } });
    if (envelope.code === CODE_OK) {
      setSentTo(parsed.data);
      setExpired(false);
    }
    return countdownAfter(envelope);
  };

  const onSubmit = handleSubmit((values) =>
    send({
      request: () => api.post<TTokenPair>('/api/reset/password/verify', values),
      message: EmailCodeMessages.passwordReset,
      delayMs: REDIRECT_AFTER_LOGIN_MS,
      refused: (envelope) => {
        setExpired(envelope.msg === EmailCodeMessages.expired);
        showServerFieldErrors(envelope.result, FIELDS, setError);
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset your password">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <EmailField autoComplete="username" className="min-w-0 flex-1" error={errors.email?.message} {...register('email')} />
        <SendCodeButton onSend={sendCode} className="sm:mt-6 sm:shrink-0" />
      </div>
      <p aria-live="polite" className="text-sm text-gray-700">
        {sentTo ? `${EmailCodeMessages.resetSent} The code is valid for ${EMAIL_CODE_RULES.validMs / 60_000} minutes.` : null}
      </p>
      {expired ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {EmailCodeMessages.expired} Use “Send code” above to get a new one.
        </p>
      ) : null}
      <Field
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={EMAIL_CODE_RULES.digits}
        error={errors.code?.message}
        {...register('code')}
      />
      <NewPasswordFields
        confirmLabel="Confirm password"
        register={register}
        errors={errors}
        password={password}
        confirmation={passwordConfirm}
      />
      <Button
        type="submit"
        busy={sending}
        disabled={!hydrated || !checks.length || !checks.cases || !checks.match}
        className="mt-2 w-full"
      >
        Reset password
      </Button>
    </form>
  );
}
