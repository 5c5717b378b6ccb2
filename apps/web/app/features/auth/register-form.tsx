import {
  CODE_OK,
  FIRST_ORDER_CONSENT_DISCOUNT_PERCENT,
  Messages,
  REDIRECT_AFTER_REGISTER_MS,
  SIGNUP_OFFER_USD,
} from '@shop/contracts';
import type { TRegisterForm, TTokenPair } from '@shop/contracts/auth';
import { passwordChecks, registerPayload } from '@shop/contracts/auth-rules';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { NameAndPhoneFields } from '../../components/ui/name-and-phone-fields';
import { api } from '../../lib/api';
import { completeSignIn, lazyResolver, showServerFieldErrors, useHydrated } from '../../lib/forms';
import { mergeGuestCart } from '../cart';
import { syncBrowsingHistory } from '../product';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

const resolver = lazyResolver(() => import('./register-resolver').then((rules) => rules.registerResolver));

const TERMS_URL = '/help/helpContact?key=terms_of_use&title=Terms%20of%20use';
const PRIVACY_URL = '/help/helpContact?key=privacy_policy&title=Privacy%20policy';

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
  const [sending, setSending] = useState(false);
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
    setValue,
    getFieldState,
    trigger,
    formState: { errors },
  } = form;

  const [password, passwordConfirm, hasInvitation, marketing, terms] = useWatch({
    control,
    name: ['password', 'passwordConfirm', 'has_invitation', 'marketing_consent', 'terms_accepted'],
  });
  const checks = passwordChecks(password, passwordConfirm);
  // spec 4: what still keeps the Register button disabled, told to the shopper under it.
  const blockers = [
    checks.length && checks.cases && checks.match ? null : 'meet the three password rules',
    marketing ? null : 'tick the offers box',
    terms ? null : 'agree to the Terms and Privacy Policy',
  ].filter((blocker): blocker is string => blocker !== null);
  const ready = blockers.length === 0;

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    let leaving = false;
    try {
      // A failure's message was already shown by the api client (spec 8).
      const envelope = await api.post<TTokenPair>('/shop/login/register', registerPayload(values));
      if (envelope.code === CODE_OK && envelope.result) {
        leaving = true;
        await Promise.all([syncBrowsingHistory(envelope.result), mergeGuestCart(envelope.result)]);
        await completeSignIn(envelope.result, Messages.registered, REDIRECT_AFTER_REGISTER_MS);
      } else {
        showServerFieldErrors(envelope.result, FIELDS, setError, { code: 'mobile', email_code: 'email' });
      }
    } catch {
      // network failures are toasted by the api client; a cancelled duplicate is silent
    } finally {
      if (!leaving) setSending(false);
    }
  });

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
      <Field
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex flex-col gap-3">
        <Checkbox
          {...register('has_invitation', {
            // A hidden invitation code is not sent (registerPayload), so it must not block the form either.
            onChange: (event) => {
              if (!event.target.checked) setValue('invitation_code', '', { shouldValidate: true });
            },
          })}
        >
          Invitation Code
        </Checkbox>
        {hasInvitation ? (
          <Field
            label="Enter your invitation code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            error={errors.invitation_code?.message}
            {...register('invitation_code')}
          />
        ) : null}
      </div>
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
      <div className="flex flex-col gap-3">
        <Checkbox error={errors.marketing_consent?.message} {...register('marketing_consent')}>
          Yes, send me offers and get {FIRST_ORDER_CONSENT_DISCOUNT_PERCENT}% off my first order
        </Checkbox>
        <Checkbox error={errors.terms_accepted?.message} {...register('terms_accepted')}>
          I agree to the{' '}
          <a href={TERMS_URL} target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-gray-600">
            Terms<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          and{' '}
          <a href={PRIVACY_URL} target="_blank" rel="noopener" className="underline underline-offset-2 hover:text-gray-600">
            Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Checkbox>
      </div>
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
      <p className="text-xs text-gray-700">
        By registering, you agree to our{' '}
        <a href={TERMS_URL} target="_blank" rel="noopener" className="underline underline-offset-2">
          User Agreement<span className="sr-only"> (opens in a new tab)</span>
        </a>{' '}
        and{' '}
        <a href={PRIVACY_URL} target="_blank" rel="noopener" className="underline underline-offset-2">
          Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </form>
  );
}

const joinWithAnd = (parts: string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  children: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox with its label beside it and its error announced below. */
function Checkbox({ children, error, id, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-gray-900"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-gray-800">
          {children}
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="pl-8 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
