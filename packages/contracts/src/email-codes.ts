import { z } from 'zod';
import { ZEmail, ZNewPassword } from './auth';
import { EMAIL_CODE_MAX_LENGTH, Messages } from './constants';
import { envelope } from './envelope';

/**
 * One-time e-mail codes and the password endpoints (spec 7 "Account and session", decision 0025):
 * what each purpose is for, the requests and their answers, shared by the forms and the server.
 */

/** What a code is for: each purpose has its own code, so a code for one never opens another. */
export const EMAIL_CODE_PURPOSES = ['register', 'verify', 'reset', 'signout', 'newsletter', 'change_email', 'company'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];
/** The purposes POST /api/email/sendEmailCode sends; a wholesale request's `company` code has its own route. */
export const ACCOUNT_CODE_PURPOSES = ['register', 'verify', 'reset', 'signout', 'newsletter', 'change_email'] as const;
export type AccountCodePurpose = (typeof ACCOUNT_CODE_PURPOSES)[number];

/** The rules of a code: six digits, ten minutes, five wrong tries, a new one after the spec's 60 s. */
export const EMAIL_CODE_RULES = {
  digits: 6,
  validMs: 10 * 60_000,
  maxWrongAttempts: 5,
  resendAfterMs: 60_000,
} as const;

/** spec 8: the envelope code of a register code asked for an address that already has an account */
export const CODE_EMAIL_REGISTERED = 40003;

export const EmailCodeMessages = {
  sent: 'The verification code has been sent to your email.',
  invalid: 'The verification code is incorrect.',
  expired: 'This code has expired or has already been used. Please request a new one.',
  verified: 'Your email has been verified.',
  notYourEmail: 'Please enter the email of your account.',
  resetSent: 'If an account exists for this email, we have sent a code and a link to reset the password.',
  passwordReset: 'Your password has been reset.',
  passwordChanged: 'Your password has been changed.',
  oldPasswordWrong: 'The current password is incorrect.',
  oldPasswordRequired: 'Please enter your current password',
  changeEmailSent: 'We have sent a code to your new email address.',
  emailChanged: 'Your email has been changed.',
  sameEmail: 'This is already the email of your account.',
  wait: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
} as const;

/** A code as typed: digits only, at most the spec's 6 characters (spec 9). */
export const ZEmailCode = z
  .string({ error: Messages.fillAllFields })
  .trim()
  .min(1, Messages.fillAllFields)
  .max(EMAIL_CODE_MAX_LENGTH, EmailCodeMessages.invalid)
  .regex(/^\d+$/, EmailCodeMessages.invalid);

/** POST /api/email/sendEmailCode */
export const ZSendEmailCodeRequest = z.object({
  email: ZEmail,
  type: z.enum(ACCOUNT_CODE_PURPOSES, { error: 'Unknown code type' }),
});
export type TSendEmailCodeRequest = z.input<typeof ZSendEmailCodeRequest>;

/** The answer to a sent code: when it expires and when a new one may be asked for, in seconds. */
export const ZEmailCodeSent = z.object({ expires_in: z.number().int(), resend_in: z.number().int() });
export type TEmailCodeSent = z.infer<typeof ZEmailCodeSent>;
export const ZEmailCodeSentResponse = envelope(ZEmailCodeSent);

/** The 429 of a code asked for too soon: `result.resend_in` seconds are left. */
export const ZEmailCodeWait = z.object({ resend_in: z.number().int() });

/** POST /api/email/verifyEmail */
export const ZVerifyEmailRequest = z.object({ email: ZEmail, code: ZEmailCode });
export type TVerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;

/** GET /api/reset/password/email/send?email= */
export const ZResetSendQuery = z.object({ email: ZEmail });

const confirmed = <T extends { password: string; passwordConfirm: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.passwordConfirm) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: Messages.passwordsDiffer });
  }
};

/** POST /api/reset/password/verify: the register rules and texts for the new password. */
export const ZResetPasswordRequest = z
  .object({
    email: ZEmail,
    code: ZEmailCode,
    password: ZNewPassword,
    passwordConfirm: z.string({ error: Messages.passwordsDiffer }).max(128, Messages.passwordsDiffer),
  })
  .superRefine(confirmed);
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

/** POST /api/change/password */
export const ZChangePasswordRequest = z
  .object({
    old_password: z
      .string({ error: EmailCodeMessages.oldPasswordRequired })
      .min(1, EmailCodeMessages.oldPasswordRequired)
      .max(128, EmailCodeMessages.oldPasswordWrong),
    password: ZNewPassword,
    passwordConfirm: z.string({ error: Messages.passwordsDiffer }).max(128, Messages.passwordsDiffer),
  })
  .superRefine(confirmed);
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/** POST /shop/user/email/change/send: a `change_email` code to the new address. */
export const ZChangeEmailSendRequest = z.object({ email: ZEmail });
export type TChangeEmailSendRequest = z.input<typeof ZChangeEmailSendRequest>;

/** POST /shop/user/email/change: the new address with the code it received. */
export const ZChangeEmailRequest = z.object({ email: ZEmail, code: ZEmailCode });
export type TChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;
