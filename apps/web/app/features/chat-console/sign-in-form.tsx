import { CODE_OK } from '@shop/contracts';
import type { TStaffInfo, TTokenPair } from '@shop/contracts/auth';
import { roleMay } from '@shop/contracts/permissions';
import type { TLoginRequest } from '@shop/contracts/sign-in';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { lazyResolver, showServerFieldErrors, useHydrated } from '../../lib/forms';
import { notify } from '../../lib/toast';
import type { SignInTexts } from './sign-in-texts';
import { AGENT_CONSOLE_PATH, staffApi, storeStaffTokens } from './staff-session';

const FIELDS = ['username', 'password', 'code'] as const;

/** The sign-in's values: a member with two-step sign-in adds the authenticator's code once asked. */
type StaffSignIn = TLoginRequest & { code?: string };

// the staff sign-in has the shoppers' rules (ZStaffLoginRequest is ZLoginRequest)
const resolver = lazyResolver(() => import('../../lib/sign-in-resolver').then((rules) => rules.signInResolver));

/**
 * The staff sign-in (POST /admin/login): by default an account whose role answers the chat
 * (`chat.answer`: agents, and administrators who supervise them, decision 0053) opens the console;
 * the back office takes every role. The staff tokens are kept apart from a shopper's
 * (see staff-session.ts).
 */
export function AgentSignInForm({
  texts,
  destination = AGENT_CONSOLE_PATH,
  acceptsRole = (role) => roleMay(role, 'chat.answer'),
}: {
  texts: SignInTexts;
  /** where a accepted staff member goes */
  destination?: string;
  /** whose session is kept: the console's is for agents, the back office's for every role */
  acceptsRole?: (role: TStaffInfo['role']) => boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    formState: { errors },
  } = useForm<StaffSignIn>({
    resolver: resolver as unknown as Resolver<StaffSignIn>,
    mode: 'onTouched',
    defaultValues: { username: '', password: '', code: '' },
  });
  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    setRefusal(null);
    try {
      // the shoppers' sign-in rules leave the code out; it is read from the form as typed
      const request = needsCode ? { ...values, code: getValues('code') } : values;
      const login = await staffApi.post<TTokenPair>('/admin/login', request, { silent: true });
      if (login.code !== CODE_OK || !login.result) {
        // a member with two-step sign-in is asked for the authenticator's code
        if ((login.result as { fields?: Record<string, string> } | null)?.fields?.code) setNeedsCode(true);
        if (!showServerFieldErrors(login.result, FIELDS, setError)) setRefusal(login.msg);
        return;
      }
      // the role is asked before the tokens are kept: kept, they would open the console at once
      const bearer = { authorization: `Bearer ${login.result.token}` };
      const info = await staffApi.get<TStaffInfo>('/admin/info', { silent: true, headers: bearer });
      if (info.code !== CODE_OK || !info.result || !acceptsRole(info.result.role)) {
        // a session of another role (or a failed one) is not kept
        await staffApi.post('/admin/logout', {}, { silent: true, headers: bearer }).catch(() => undefined);
        setRefusal(info.code === CODE_OK ? texts.notAnAgent : info.msg);
        return;
      }
      storeStaffTokens(login.result);
      notify.success(texts.signInSucceeded);
      navigate(destination, { replace: true });
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : null);
    } finally {
      setSending(false);
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      className="flex flex-col gap-4"
      aria-label={texts.signInTitle}
    >
      <Field
        label={texts.email}
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <Field
        label={texts.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {needsCode ? (
        <Field
          label={texts.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint={texts.codeHint}
          error={errors.code?.message}
          {...register('code')}
        />
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" busy={sending} disabled={!hydrated} className="mt-2 w-full">
        {texts.signIn}
      </Button>
    </form>
  );
}
