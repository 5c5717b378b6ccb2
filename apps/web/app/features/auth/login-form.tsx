import { CODE_OK, Messages, REDIRECT_AFTER_LOGIN_MS } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import type { TLoginRequest } from '@shop/contracts/sign-in';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { api } from '../../lib/api';
import { completeSignIn, lazyResolver, showServerFieldErrors, useHydrated } from '../../lib/forms';
import { mergeGuestCart } from '../cart';
import { PasswordField } from './password-field';

const FIELDS = ['username', 'password'] as const;

const resolver = lazyResolver(() => import('../../lib/sign-in-resolver').then((rules) => rules.signInResolver));

/** spec 2 "Sign in" tab; spec 5 "Sign in" rules; spec 4 "Login success". */
export function LoginForm() {
  const hydrated = useHydrated();
  // an address handed over by another page (the newsletter's dialog) is kept
  const [searchParams] = useSearchParams();
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TLoginRequest>({
    resolver,
    mode: 'onTouched',
    defaultValues: { username: searchParams.get('email')?.slice(0, 254) ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    let leaving = false;
    // saving the browsing history is needed only once signed in: its code is fetched beside the request
    const history = import('../product');
    try {
      // A failure's message was already shown by the api client (spec 8).
      const envelope = await api.post<TTokenPair>('/shop/login/password', values);
      if (envelope.code === CODE_OK && envelope.result) {
        leaving = true;
        const tokens = envelope.result;
        await Promise.all([
          // without its code (offline) the guest's list stays in this browser, as after a failed save
          history.then(
            ({ syncBrowsingHistory }) => syncBrowsingHistory(tokens),
            () => undefined,
          ),
          mergeGuestCart(tokens),
        ]);
        await completeSignIn(tokens, Messages.loginSucceeded, REDIRECT_AFTER_LOGIN_MS);
      } else {
        showServerFieldErrors(envelope.result, FIELDS, setError);
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
      aria-label="Sign in"
    >
      <Field
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" busy={sending} disabled={!hydrated} className="mt-2 w-full">
        Sign in
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <Link
          to="/forgotpassword"
          className="inline-flex min-h-11 items-center text-gray-900 underline underline-offset-4 hover:text-gray-600"
        >
          Forgot your password?
        </Link>
        <Link
          to="/cancelAccount"
          className="inline-flex min-h-11 items-center text-gray-700 underline underline-offset-4 hover:text-gray-900"
        >
          Cancel the account
        </Link>
      </div>
    </form>
  );
}
