import { FIRST_ORDER_CONSENT_DISCOUNT_PERCENT } from '@shop/contracts';
import type { TRegisterForm } from '@shop/contracts/auth';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Checkbox } from './checkbox';

/** The register form's invitation code, its two consent boxes and its agreement note. */

const TERMS_URL = '/help/helpContact?key=terms_of_use&title=Terms%20of%20use';
const PRIVACY_URL = '/help/helpContact?key=privacy_policy&title=Privacy%20policy';

type Form = UseFormReturn<TRegisterForm>;

/** A link to the terms or the privacy policy, opened in a new tab. */
function NewTabLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** 'Invitation Code': ticked, the code's field appears (a share link arrives with both filled in). */
export function InvitationField({ form, open }: { form: Form; open: boolean }) {
  const { register, setValue } = form;
  return (
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
      {open ? (
        <Field
          label="Enter your invitation code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          error={form.formState.errors.invitation_code?.message}
          {...register('invitation_code')}
        />
      ) : null}
    </div>
  );
}

/** The offers box and the terms box, both needed to register (spec 4). */
export function ConsentBoxes({ form }: { form: Form }) {
  const { register } = form;
  const { errors } = form.formState;
  const link = 'underline underline-offset-2 hover:text-gray-600';
  return (
    <div className="flex flex-col gap-3">
      <Checkbox error={errors.marketing_consent?.message} {...register('marketing_consent')}>
        Yes, send me offers and get {FIRST_ORDER_CONSENT_DISCOUNT_PERCENT}% off my first order
      </Checkbox>
      <Checkbox error={errors.terms_accepted?.message} {...register('terms_accepted')}>
        I agree to the{' '}
        <NewTabLink href={TERMS_URL} className={link}>
          Terms
        </NewTabLink>{' '}
        and{' '}
        <NewTabLink href={PRIVACY_URL} className={link}>
          Privacy Policy
        </NewTabLink>
      </Checkbox>
    </div>
  );
}

/** The note under the Register button: what registering agrees to. */
export function AgreementNote() {
  return (
    <p className="text-xs text-gray-700">
      By registering, you agree to our{' '}
      <NewTabLink href={TERMS_URL} className="underline underline-offset-2">
        User Agreement
      </NewTabLink>{' '}
      and{' '}
      <NewTabLink href={PRIVACY_URL} className="underline underline-offset-2">
        Privacy Policy
      </NewTabLink>
      .
    </p>
  );
}
