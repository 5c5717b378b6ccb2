import { z } from 'zod';
import { EMAIL_CODE_MAX_LENGTH, Messages, PASSWORD_MIN_LENGTH, REFRESH_TOKEN_HEADER } from './constants';
import { STAFF_ROLES, type StaffRoleName } from './permissions';

export { REFRESH_TOKEN_HEADER };

import { joinPhone } from './auth-rules';
import { normaliseDialCode } from './dial-code';
import { envelope } from './envelope';
import { key, text } from './fields';
import { phoneProblem } from './phone';
import { required, ZLoginRequest } from './sign-in';

export { type TLoginRequest, ZLoginRequest } from './sign-in';

/**
 * spec 5 "Register" and "Sign in": one schema per field, shared by the forms (react-hook-form's
 * zod resolver) and the server (Fastify's validator), so both show the same message.
 */

/** A name is free text: cleaned (fields.ts), then required. */
const requiredText = (message: string) => text({ error: message }).trim().min(1, message);

export const ZFirstName = requiredText(Messages.firstNameRequired).max(50, 'First name is too long');
export const ZLastName = requiredText(Messages.lastNameRequired).max(50, 'Last name is too long');

export const ZEmail = required(Messages.emailRequired)
  .max(254, Messages.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ error: Messages.emailInvalid }));

/** spec 5: required, at least 8 characters, upper and lower case. */
export const ZNewPassword = z
  .string({ error: Messages.passwordRequired })
  .min(1, Messages.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, Messages.passwordTooShort)
  .max(128, 'Password is too long')
  .regex(/[a-z]/, Messages.passwordCase)
  .regex(/[A-Z]/, Messages.passwordCase);

export const ZDialCode = z
  .string({ error: Messages.mobileRequired })
  .trim()
  .regex(/^\+?\d{1,4}$/, Messages.phoneFormatInvalid);

const ZMobileRaw = required(Messages.mobileRequired).max(24, Messages.phoneFormatInvalid);

/** A full number (dial code plus number) checked against its dial code. */
function withPhoneRule<T extends { mobile: string; code: string }>(value: T, ctx: z.RefinementCtx) {
  // An empty number already has its own message ('Please enter mobile').
  const trimmed = value.mobile.trim();
  if (!trimmed || trimmed.replace(/^\+/, '') === normaliseDialCode(value.code)) return;
  const problem = phoneProblem(value.mobile, value.code);
  if (problem) {
    ctx.addIssue({
      code: 'custom',
      path: ['mobile'],
      message: problem === 'format' ? Messages.phoneFormatInvalid : Messages.phoneInvalid,
    });
  }
}

const ZInvitationCode = z
  .string()
  .trim()
  .max(16, Messages.invitationCodeUnknown)
  .regex(/^[A-Za-z0-9]*$/, Messages.invitationCodeUnknown)
  .optional();

/** POST /shop/login/register (spec 3 "Register form / payload"). */
export const ZRegisterRequest = z
  .object({
    first_name: ZFirstName,
    last_name: ZLastName,
    mobile: ZMobileRaw,
    code: ZDialCode,
    email: ZEmail,
    email_code: key('email_code').trim().max(EMAIL_CODE_MAX_LENGTH, Messages.emailCodeRequired).optional(),
    password: ZNewPassword,
    passwordConfirm: z.string({ error: Messages.passwordsDiffer }),
    email_type: z.number().int().min(1).max(9).default(1),
    invitation_code: ZInvitationCode,
    marketing_consent: z.literal(true, { error: Messages.marketingRequired }),
    terms_accepted: z.literal(true, { error: Messages.termsRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordConfirm) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: Messages.passwordsDiffer });
    }
    withPhoneRule(value, ctx);
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/**
 * The register form keeps the number without its dial code (spec 3); the payload joins them.
 * The form checks the same rules, on the joined number.
 */
export const ZRegisterForm = z
  .object({
    first_name: ZFirstName,
    last_name: ZLastName,
    mobile: ZMobileRaw,
    code: ZDialCode,
    email: ZEmail,
    password: ZNewPassword,
    passwordConfirm: z.string(),
    has_invitation: z.boolean(),
    invitation_code: ZInvitationCode,
    marketing_consent: z.boolean(),
    terms_accepted: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordConfirm) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: Messages.passwordsDiffer });
    }
    withPhoneRule({ mobile: joinPhone(value.code, value.mobile), code: value.code }, ctx);
    if (!value.marketing_consent) {
      ctx.addIssue({ code: 'custom', path: ['marketing_consent'], message: Messages.marketingRequired });
    }
    if (!value.terms_accepted) {
      ctx.addIssue({ code: 'custom', path: ['terms_accepted'], message: Messages.termsRequired });
    }
  });
export type TRegisterForm = z.input<typeof ZRegisterForm>;

export const ZTokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;
export const ZTokenPairResponse = envelope(ZTokenPair);

export const ZRefreshHeaders = z.object({
  [REFRESH_TOKEN_HEADER]: z.string({ error: Messages.refreshInvalid }).min(10, Messages.refreshInvalid).max(512),
});

/** GET /shop/user/info */
export const ZUserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  code: z.string(),
  avatar: z.string(),
  invitation_code: z.string(),
  points: z.number().int(),
  /** the shopper's unread notices in MyMessage (decision 0039) */
  unread_messages: z.number().int(),
  marketing_consent: z.boolean(),
  /** the shopper proved the address with an e-mailed code */
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;
export const ZUserInfoResponse = envelope(ZUserInfo);

/** POST /shop/user/edit: the profile fields, with the register rules. */
export const ZUserEditRequest = z
  .object({
    first_name: ZFirstName,
    last_name: ZLastName,
    mobile: ZMobileRaw,
    code: ZDialCode,
  })
  .superRefine(withPhoneRule);
export type TUserEditRequest = z.input<typeof ZUserEditRequest>;

/** Staff (administrators, shop operators and support agents; permissions.ts), kept apart from shoppers. */
export type TStaffRole = StaffRoleName;

/** The answer to an authenticator code that is not the current one (or not six digits). */
export const TOTP_CODE_WRONG = 'That code is not right: check the time on your phone and enter the newest code';

/**
 * POST /admin/login: a staff member whose sign-in asks for a second factor adds the current
 * authenticator code (staff.ts); without it the answer names `code`. An empty code is no code.
 */
export const ZStaffLoginRequest = ZLoginRequest.extend({
  code: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{6}$/, TOTP_CODE_WRONG)
      .optional(),
  ),
});
export type TStaffLoginRequest = z.input<typeof ZStaffLoginRequest>;
export type TStaffLogin = z.output<typeof ZStaffLoginRequest>;
export const ZStaffInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.string(),
  /** whether the member's sign-in asks for an authenticator code */
  totp: z.boolean(),
});
export type TStaffInfo = z.infer<typeof ZStaffInfo>;
export const ZStaffInfoResponse = envelope(ZStaffInfo);

/** The profile form keeps the number without its dial code, like the register form. */
export const ZUserEditForm = z
  .object({ first_name: ZFirstName, last_name: ZLastName, mobile: ZMobileRaw, code: ZDialCode })
  .superRefine((value, ctx) => withPhoneRule({ mobile: joinPhone(value.code, value.mobile), code: value.code }, ctx));
export type TUserEditForm = z.input<typeof ZUserEditForm>;

export { joinPhone, nationalPart, passwordChecks, registerPayload, userEditPayload } from './auth-rules';
