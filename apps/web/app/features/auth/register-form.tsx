import { Messages, REDIRECT_AFTER_REGISTER_MS, SIGNUP_OFFER_USD } from '@shop/contracts';
import type { TRegisterForm, TTokenPair } from '@shop/contracts/auth';
import { passwordChecks, registerPayload } from '@shop/contracts/auth-rules';
import { useId } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { NameAndPhoneFields } from '../../components/ui/name-and-phone-fields';
import { api } from '../../lib/api';
import { lazyResolver, showServerFieldErrors, useHydrated } from '../../lib/forms';
import { mergeGuestCart } from '../cart';
import { syncBrowsingHistory } from '../product';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';
import { AgreementNote, ConsentBoxes, InvitationField } from './register-parts';
import { joinWithAnd, registerBlockers } from './register-rules';
import { useSignInSubmit } from './use-sign-in-submit';

const resolver = lazyResolver(() => import('./register-resolver').then((rules) => rules.registerResolver));

const FIELDS: readonly Path<TRegisterForm>[] = [
  'first_name',
  'last_name',
  'mobile',
  'code',
  'email',
  'password',
  'passwordConfirm',
  'invitation_code',
  'marketing_consent',
  'terms_accepted',
];

const DEFAULTS: TRegisterForm = {
  first_name: '',
  last_name: '',
  mobile: '',
  code: '1',
  email: '',
  password: '',
  passwordConfirm: '',
  has_invitation: false,
  invitation_code: '',
  marketing_consent: false,
  terms_accepted: false,
};

/**
 * spec 2 "Register" tab. Fields validate when they lose focus (then on every change), with the
 * spec 5 messages; the Register button stays disabled until the three password rules and both
 * checkboxes are satisfied (spec 4). The e-mail code field and the reCAPTCHA are inactive in the
 * spec and therefore not rendered.
 */
export function RegisterForm({ invitationCode = '' }: { invitationCode?: string }) {
  const hydrated = useHydrated();
  const blockersId = useId();
  const { sending, send } = useSignInSubmit();
  // an address handed over by another page (the newsletter's dialog) is kept
  const [searchParams] = useSearchParams();
  const form = useForm({
    resolver,
    mode: 'onTouched',
    // a share link's code (`/login?invite=CODE`) arrives filled in, its box ticked; an address handed over too
    defaultValues: {
      ...DEFAULTS,
      email: searchParams.get('email')?.slice(0, 254) ?? '',
      ...(invitationCode ? { has_invitation: true, invitation_code: invitationCode } : {}),
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    getFieldState,
    trigger,
    formState: { errors },
  } = form;

  const [password, passwordConfirm, hasInvitation, marketing, terms] = useWatch({
    control,
    name: ['password', 'passwordConfirm', 'has_invitation', 'marketing_consent', 'terms_accepted'],
  });
  const checks = passwordChecks(password, passwordConfirm);
  const blockers = registerBlockers(checks, marketing, terms);
  const ready = blockers.length === 0;

  const onSubmit = handleSubmit((values) =>
    send({
      request: () => api.post<TTokenPair>('/shop/login/register', registerPayload(values)),
      carry: (tokens) => Promise.all([syncBrowsingHistory(tokens), mergeGuestCart(tokens)]),
      message: Messages.registered,
      delayMs: REDIRECT_AFTER_REGISTER_MS,
      refused: (envelope) => showServerFieldErrors(envelope.result, FIELDS, setError, { code: 'mobile', email_code: 'email' }),
    }),
  );

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      className="flex flex-col gap-4"
      aria-label="Register"
    >
      <p className="rounded-md bg-rose-50 px-3 py-2 text-sm font-medium text-rose-900">
        Get ${SIGNUP_OFFER_USD} and latest promotional information.
      </p>
      <NameAndPhoneFields form={form} defaultCountry={DEFAULTS.code} />
      <EmailField autoComplete="email" error={errors.email?.message} {...register('email')} />
      <InvitationField form={form} open={hasInvitation} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password', {
          // The confirmation follows the password: re-check it once the shopper has been there.
          onChange: () => {
            if (getFieldState('passwordConfirm').isTouched) void trigger('passwordConfirm');
          },
        })}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...register('passwordConfirm')}
      />
      <PasswordRules password={password} confirmation={passwordConfirm} />
      <ConsentBoxes form={form} />
      <Button
        type="submit"
        busy={sending}
        disabled={!hydrated || !ready}
        aria-describedby={ready ? undefined : blockersId}
        className="mt-1 w-full"
      >
        Register
      </Button>
      {ready ? null : (
        <p id={blockersId} className="-mt-2 text-xs text-gray-700">
          To register, {joinWithAnd(blockers)}.
        </p>
      )}
      <AgreementNote />
    </form>
  );
}
