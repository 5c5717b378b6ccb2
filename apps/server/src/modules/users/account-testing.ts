import type { TTokenPair, TUserInfo } from '@shop/contracts/auth';
import { buildUser } from '../../seed/accounts';
import { freshAddresses } from '../../testing/fixtures';
import { injectAs, type TestApp } from '../../testing/harness';
import { mailDeliveredTo, mailingAppPerFile } from '../../testing/mailing';
import type { TestSmtpServer } from '../../testing/smtp';

/** An answer's JSON body, with the per-field messages of a refused form. */
export type JsonResult = Record<string, unknown> & { fields?: Record<string, string> };

/**
 * What the account tests (codes, e-mail change) share: one mailing app for the file, handed to `made`,
 * fresh addresses under `ipPrefix`/`emailPrefix`, and requests from an address, signed in or not.
 */
export function accountTesting(ipPrefix: string, emailPrefix: string, made: (app: { t: TestApp; smtp: TestSmtpServer }) => void) {
  let app: { t: TestApp; smtp: TestSmtpServer };
  const time = mailingAppPerFile((ready) => {
    app = ready;
    made(ready);
  });
  /** Each test speaks from an address of its own, so the per-address limits of one never reach another. */
  const { newIp, newEmail } = freshAddresses(ipPrefix, emailPrefix);
  /** Requests from `ip`, as the shopper holding `token` when given. */
  const from = (ip: string, token?: string) => injectAs(app.t, token, { ip });
  const login = (username: string, password: string, ip: string) =>
    from(ip).post<TTokenPair>('/shop/login/password', { username, password });
  const info = (token: string) => injectAs(app.t, token).get<TUserInfo>('/shop/user/info');
  /** A new shopper with a password, signed in from `ip`. */
  async function signedIn(ip: string) {
    const user = await buildUser(app.t.database.db, { email: newEmail(), password: 'Password123' });
    const pair = (await login(user.email, user.password, ip)).result;
    return { ...user, token: pair.token };
  }
  const mailTo = (email: string, before = 0) => mailDeliveredTo(app.t, app.smtp, email, before);
  return { time, newIp, newEmail, from, login, info, signedIn, mailTo };
}
