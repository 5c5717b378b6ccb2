import { z } from 'zod';
import { Messages } from './constants';

/**
 * spec 5 "Sign in", apart from the register and profile rules of auth.ts (re-exported there): the
 * sign-in form loads these rules without the phone numbers' metadata those need.
 */

export const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST /shop/login/password (spec 5 "Sign in"). */
export const ZLoginRequest = z.object({
  username: required(Messages.usernameRequired)
    .max(254, Messages.emailInvalid)
    .toLowerCase()
    .pipe(z.email({ error: Messages.emailInvalid })),
  password: z.string({ error: Messages.passwordRequired }).min(1, Messages.passwordRequired).max(128, Messages.badCredentials),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
