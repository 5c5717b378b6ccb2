import type { TRegisterForm, TRegisterRequest, TUserEditForm, TUserEditRequest } from './auth';
import { PASSWORD_MIN_LENGTH } from './constants';
import { normaliseDialCode } from './dial-code';

// The account forms' rules that need neither zod nor the phone metadata, so that a form can show
// its password indicators and build its payload before its validation rules are loaded.

/** Live indicators under the password field (spec 2). */
export function passwordChecks(password: string, confirmation: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    cases: /[a-z]/.test(password) && /[A-Z]/.test(password),
    match: password.length > 0 && password === confirmation,
  };
}

export const joinPhone = (code: string, national: string) => `+${normaliseDialCode(code)}${national.replace(/[^\d]/g, '')}`;

/** Turns the form's values into the register payload. */
export function registerPayload(form: TRegisterForm): TRegisterRequest {
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    mobile: joinPhone(form.code, form.mobile),
    code: normaliseDialCode(form.code),
    email: form.email,
    password: form.password,
    passwordConfirm: form.passwordConfirm,
    email_type: 1,
    invitation_code: form.has_invitation && form.invitation_code ? form.invitation_code : undefined,
    marketing_consent: true,
    terms_accepted: true,
  };
}

export const userEditPayload = (form: TUserEditForm): TUserEditRequest => ({
  first_name: form.first_name,
  last_name: form.last_name,
  mobile: joinPhone(form.code, form.mobile),
  code: normaliseDialCode(form.code),
});

/** The number without its dial code, for a form: '+12025550143' with '1' → '2025550143'. */
export const nationalPart = (fullNumber: string, dialCode: string) => {
  const digits = fullNumber.replace(/\D/g, '');
  const code = normaliseDialCode(dialCode);
  return digits.startsWith(code) ? digits.slice(code.length) : digits;
};
