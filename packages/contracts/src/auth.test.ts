import { describe, expect, it } from 'vitest';
import { passwordChecks, registerPayload, ZLoginRequest, ZRegisterForm, ZRegisterRequest, ZUserEditRequest } from './auth';
import { Messages } from './constants';

const form = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  mobile: '202 555 0143',
  code: '1',
  email: 'Ada@Example.com',
  password: 'Password123',
  passwordConfirm: 'Password123',
  has_invitation: false,
  invitation_code: '',
  marketing_consent: true,
  terms_accepted: true,
};

/** The message shown for each field: the first issue of its path, as the form and the server show it. */
const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('spec 5 "Register" rules, form and payload alike', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['first name required', { first_name: '' }, 'first_name', Messages.firstNameRequired],
    ['first name of spaces', { first_name: '   ' }, 'first_name', Messages.firstNameRequired],
    ['last name required', { last_name: '' }, 'last_name', Messages.lastNameRequired],
    ['password required', { password: '', passwordConfirm: '' }, 'password', Messages.passwordRequired],
    ['password of 7 characters', { password: 'Passwo1', passwordConfirm: 'Passwo1' }, 'password', Messages.passwordTooShort],
    ['password without upper case', { password: 'password1', passwordConfirm: 'password1' }, 'password', Messages.passwordCase],
    ['password without lower case', { password: 'PASSWORD1', passwordConfirm: 'PASSWORD1' }, 'password', Messages.passwordCase],
    ['confirmation differs', { passwordConfirm: 'Password124' }, 'passwordConfirm', Messages.passwordsDiffer],
    ['mobile required', { mobile: '' }, 'mobile', Messages.mobileRequired],
    ['email required', { email: '' }, 'email', Messages.emailRequired],
    ['email malformed', { email: 'ada@' }, 'email', Messages.emailInvalid],
    ['email without domain dot', { email: 'ada@example' }, 'email', Messages.emailInvalid],
  ];

  it.each(cases)('form: %s', (_name, overrides, field, message) => {
    expect(messagesOf(ZRegisterForm.safeParse({ ...form, ...overrides }))[field]).toBe(message);
  });

  it.each(cases)('payload: %s', (_name, overrides, field, message) => {
    const payload = { ...registerPayload(form), ...overrides };
    if ('mobile' in overrides) payload.mobile = overrides.mobile as string;
    expect(messagesOf(ZRegisterRequest.safeParse(payload))[field]).toBe(message);
  });

  it('marks a number that is too short for its country as invalid, and garbage as badly formatted', () => {
    expect(messagesOf(ZRegisterForm.safeParse({ ...form, mobile: '123' })).mobile).toBe(Messages.phoneInvalid);
    expect(messagesOf(ZRegisterRequest.safeParse({ ...registerPayload(form), mobile: 'call me' })).mobile).toBe(
      Messages.phoneFormatInvalid,
    );
  });

  it('accepts a valid form and builds the payload with the dial code joined', () => {
    expect(ZRegisterForm.safeParse(form).success).toBe(true);
    const payload = registerPayload(form);
    expect(payload).toMatchObject({ mobile: '+12025550143', code: '1', email_type: 1, invitation_code: undefined });
    const parsed = ZRegisterRequest.parse(payload);
    expect(parsed.email).toBe('ada@example.com');
  });

  it('sends the invitation code only when its box is ticked', () => {
    expect(registerPayload({ ...form, has_invitation: false, invitation_code: 'ABCD2345' }).invitation_code).toBeUndefined();
    expect(registerPayload({ ...form, has_invitation: true, invitation_code: 'ABCD2345' }).invitation_code).toBe('ABCD2345');
  });

  it('requires both consent boxes (spec 4: Register stays disabled until they are ticked)', () => {
    const messages = messagesOf(ZRegisterForm.safeParse({ ...form, marketing_consent: false, terms_accepted: false }));
    expect(messages.marketing_consent).toBe(Messages.marketingRequired);
    expect(messages.terms_accepted).toBe(Messages.termsRequired);
    expect(ZRegisterRequest.safeParse({ ...registerPayload(form), terms_accepted: false }).success).toBe(false);
  });

  it('does not offer China: +86 numbers are refused', () => {
    expect(
      messagesOf(ZRegisterRequest.safeParse({ ...registerPayload(form), mobile: '+8613812345678', code: '86' })).mobile,
    ).toBe(Messages.phoneInvalid);
  });

  it('defaults email_type to 1', () => {
    const { email_type: _omit, ...rest } = registerPayload(form);
    expect(ZRegisterRequest.parse(rest).email_type).toBe(1);
  });
});

describe('the live password indicators', () => {
  it('track length, case and match', () => {
    expect(passwordChecks('', '')).toEqual({ length: false, cases: false, match: false });
    expect(passwordChecks('abcdefgh', 'x')).toEqual({ length: true, cases: false, match: false });
    expect(passwordChecks('Abcdefgh', 'Abcdefgh')).toEqual({ length: true, cases: true, match: true });
  });
});

describe('spec 5 "Sign in" rules', () => {
  it('requires a username that is an e-mail, and a password', () => {
    expect(messagesOf(ZLoginRequest.safeParse({ username: '', password: '' }))).toEqual({
      username: Messages.usernameRequired,
      password: Messages.passwordRequired,
    });
    expect(messagesOf(ZLoginRequest.safeParse({ username: 'ada', password: 'x' })).username).toBe(Messages.emailInvalid);
    expect(messagesOf(ZLoginRequest.safeParse({})).username).toBe(Messages.usernameRequired);
    expect(ZLoginRequest.parse({ username: ' Ada@Example.com ', password: 'x' }).username).toBe('ada@example.com');
  });
});

describe('profile edit', () => {
  it('applies the register rules to names and phone', () => {
    expect(
      messagesOf(ZUserEditRequest.safeParse({ first_name: '', last_name: 'L', mobile: '+12025550143', code: '1' })).first_name,
    ).toBe(Messages.firstNameRequired);
    expect(ZUserEditRequest.safeParse({ first_name: 'A', last_name: 'L', mobile: '+447911123456', code: '+44' }).success).toBe(
      true,
    );
  });
});
